import { Controller, type UseFormReturn } from 'react-hook-form';
import { NativeSelect } from '@/ui/controls';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { SECTION_LABELS, SECTION_NAMES, type SectionFormValues } from './section-form';
import { UnitInput } from './unit-input';

type SectionForm = UseFormReturn<SectionFormValues>;

/** Which section it is: chosen when it is added, locked after. */
export function SectionNameField({ form, editing }: { form: SectionForm; editing: boolean }) {
  const { errors } = form.formState;
  return (
    <Controller
      control={form.control}
      name="sectionName"
      render={({ field }) => (
        <FormField
          label="Section"
          error={errors.sectionName?.message}
          hint={
            editing
              ? 'A section cannot become another one; add a new section instead.'
              : 'Each section can be used once on a page.'
          }
        >
          <NativeSelect {...field} disabled={editing} autoFocus={!editing}>
            <option value="" disabled>
              Choose a section
            </option>
            {SECTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {SECTION_LABELS[name]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
    />
  );
}

/** What the section says: title, subtitle, content, and its button's text and link. */
export function SectionTextFields({ form, editing }: { form: SectionForm; editing: boolean }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Title" error={errors.title?.message}>
        <Input autoFocus={editing} {...form.register('title')} />
      </FormField>
      <FormField label="Subtitle" error={errors.subtitle?.message}>
        <Input {...form.register('subtitle')} />
      </FormField>
      <FormField label="Content" error={errors.content?.message}>
        <Textarea rows={4} {...form.register('content')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField className="content-start" label="Button Text" error={errors.buttonText?.message}>
          <Input placeholder="e.g. Get in touch" {...form.register('buttonText')} />
        </FormField>
        <FormField className="content-start" label="Button Link" error={errors.buttonLink?.message}>
          <Input
            placeholder="#about-story, #galleries or https://…"
            autoCapitalize="off"
            spellCheck={false}
            {...form.register('buttonLink')}
          />
        </FormField>
      </div>
    </>
  );
}

/** How its image is shown: blurred and faded by so much. */
export function SectionLookFields({ form }: { form: SectionForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid grid-cols-2 gap-4">
      <FormField
        className="content-start"
        label="Blur"
        error={errors.blur?.message}
        hint="0 to 20 px"
      >
        <UnitInput unit="px" min={0} max={20} step={1} placeholder="0" {...form.register('blur')} />
      </FormField>
      <FormField
        className="content-start"
        label="Opacity"
        error={errors.opacity?.message}
        hint="0 to 100 %"
      >
        <UnitInput
          unit="%"
          min={0}
          max={100}
          step={5}
          placeholder="100"
          {...form.register('opacity')}
        />
      </FormField>
    </div>
  );
}
