import { MessageCircleHeart } from 'lucide-react';
import { CONTACT_METHOD_FIELDS } from '@/theme/contact-link';
import { CONTACT_METHODS, DESIGN_DEFAULTS, type ContactMethod } from '@/theme/design-settings';
import { NativeSelect } from '@/ui/controls';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { DesignSection, type DesignSectionProps } from './design-section';

/** Contact button settings: how visitors reach you (SPEC §7) and what the button says. */
export function ContactButtonSection({ design, onChange }: DesignSectionProps) {
  const method = CONTACT_METHOD_FIELDS[design.contact_method];
  return (
    <DesignSection
      icon={MessageCircleHeart}
      title="Contact Button"
      description="The booking button on your home page opens this."
    >
      <div className="grid gap-4 @md:grid-cols-2">
        <FormField label="Contact Method" className="content-start">
          <NativeSelect
            value={design.contact_method}
            onChange={(event) => onChange({ contact_method: event.target.value as ContactMethod })}
          >
            {CONTACT_METHODS.map((choice) => (
              <option key={choice} value={choice}>
                {CONTACT_METHOD_FIELDS[choice].label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={method.field} hint={method.hint} className="content-start">
          <Input
            value={design.contact_value}
            placeholder={method.placeholder}
            maxLength={500}
            inputMode={
              design.contact_method === 'email'
                ? 'email'
                : design.contact_method === 'phone'
                  ? 'tel'
                  : 'url'
            }
            autoComplete="off"
            onChange={(event) => onChange({ contact_value: event.target.value })}
          />
        </FormField>
        <FormField label="Button Text" className="@md:col-span-2">
          <Input
            value={design.contact_button_text}
            placeholder={DESIGN_DEFAULTS.contact_button_text}
            maxLength={80}
            onChange={(event) => onChange({ contact_button_text: event.target.value })}
          />
        </FormField>
        <FormField label="Button Subtitle" className="@md:col-span-2">
          <Textarea
            rows={2}
            className="min-h-16"
            value={design.contact_button_subtitle}
            placeholder={DESIGN_DEFAULTS.contact_button_subtitle}
            maxLength={300}
            onChange={(event) => onChange({ contact_button_subtitle: event.target.value })}
          />
        </FormField>
      </div>
    </DesignSection>
  );
}
