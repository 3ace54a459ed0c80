import { describe, expect, it } from 'vitest';
import { backgroundCss } from '@/theme/background-styles';
import { contrastRatio, hslToHex as toHex } from '@/theme/color';
import {
  BODY_FONTS,
  DESIGN_DEFAULTS,
  HEADING_FONTS,
  resetToDefaults,
  toSiteSettings,
  withDefaults,
} from '@/theme/design-settings';
import { FONT_FAMILIES, fontFamily, fontStack } from '@/theme/fonts';
import { heroImageStyle } from '@/theme/hero';
import { applyTheme, designVariables, themeVariables } from '@/theme/theme-variables';

/** '210 50% 40%' → '#336699', to check the contrast of what the variables hold. */
const hslToHex = (triple: string) => {
  const [h, s, l] = triple.replaceAll('%', '').split(' ').map(Number) as [number, number, number];
  return toHex({ h, s, l });
};

describe('design defaults (SPEC §9)', () => {
  it('are the recommended values', () => {
    expect(DESIGN_DEFAULTS).toEqual({
      primary_color: '#E8C4C4',
      secondary_color: '#C4D4C4',
      accent_color: '#D4C4B4',
      background_color: '#FEFEFE',
      background_style: 'clean',
      heading_font: 'Playfair Display',
      body_font: 'Lato',
      hero_background_blur: 0,
      hero_background_opacity: 100,
      contact_method: 'email',
      contact_button_text: "Let's Connect",
      contact_button_subtitle: "Ready to capture your story? I'd love to hear from you.",
    });
  });

  it('fill every missing or unusable setting', () => {
    const design = withDefaults({
      primary_color: '#336699',
      secondary_color: 'green',
      background_style: 'neon',
      heading_font: 'Comic Sans',
      hero_background_blur: '35',
      hero_background_opacity: 'half',
      contact_button_text: '   ',
      contact_value: 'anna@example.com',
    });
    expect(design).toEqual({
      ...DESIGN_DEFAULTS,
      primary_color: '#336699',
      hero_background_blur: 20,
      hero_background_image: null,
      contact_value: 'anna@example.com',
    });
    expect(withDefaults(null)).toEqual({
      ...DESIGN_DEFAULTS,
      hero_background_image: null,
      contact_value: '',
    });
  });

  it('round-trip to the settings the server stores, empty optional text as null', () => {
    const design = withDefaults({
      primary_color: '#336699',
      hero_background_blur: '5',
      hero_background_opacity: '80',
      contact_value: '',
    });
    const settings = toSiteSettings(design);
    expect(settings).toMatchObject({
      primary_color: '#336699',
      hero_background_blur: '5',
      hero_background_opacity: '80',
      contact_value: null,
    });
    expect(Object.keys(settings)).toHaveLength(14);
    expect(withDefaults(settings)).toEqual(design);
    expect(
      toSiteSettings({ ...design, contact_button_subtitle: ' ' }).contact_button_subtitle,
    ).toBeNull();
  });

  it('reset restores the recommendations but keeps the hero image and contact details', () => {
    const mine = withDefaults({
      primary_color: '#336699',
      heading_font: 'Cormorant',
      background_style: 'dreamy',
      hero_background_image: 'https://cdn.example/hero.jpg',
      hero_background_blur: '5',
      contact_method: 'instagram',
      contact_value: '@anna',
    });
    const reset = resetToDefaults(mine);
    expect(reset).toEqual({
      ...DESIGN_DEFAULTS,
      hero_background_image: 'https://cdn.example/hero.jpg',
      contact_value: '@anna',
    });
  });
});

describe('theme variables', () => {
  it('hold the defaults as HSL triples and the default fonts when nothing is stored', () => {
    const variables = themeVariables({});
    expect(variables).toMatchObject({
      '--primary': '0 43.9% 83.9%',
      '--secondary': '120 15.7% 80%',
      '--accent': '30 27.1% 76.9%',
      '--background': '0 0% 99.6%',
      '--heading-font':
        "'Playfair Display', 'Playfair Display Fallback: Times New Roman', 'Playfair Display Fallback: Noto Serif', 'Playfair Display Fallback: DejaVu Serif'",
      '--body-font':
        "'Lato', 'Lato Fallback: Arial', 'Lato Fallback: Roboto', 'Lato Fallback: DejaVu Sans'",
      '--site-background': 'hsl(0 0% 99.6%)',
      '--hero-blur': '0px',
      '--hero-opacity': '1',
    });
  });

  it('follow the saved settings', () => {
    const variables = themeVariables({
      primary_color: '#336699',
      heading_font: 'Cormorant',
      body_font: 'Source Sans Pro',
      background_style: 'dreamy',
      hero_background_blur: '5',
      hero_background_opacity: '80',
    });
    expect(variables['--primary']).toBe('210 50% 40%');
    expect(variables['--heading-font']).toMatch(
      /^'Cormorant', 'Cormorant Fallback: Times New Roman'/,
    );
    expect(variables['--body-font']).toMatch(/^'Source Sans 3', 'Source Sans 3 Fallback: Arial'/);
    expect(variables['--site-background']).toContain('radial-gradient');
    expect(variables['--hero-blur']).toBe('5px');
    expect(variables['--hero-opacity']).toBe('0.8');
  });

  it.each([
    ['pale palette', { primary_color: '#E8C4C4', background_color: '#FEFEFE' }],
    ['deep primary', { primary_color: '#336699', background_color: '#FEFEFE' }],
    [
      'dark page',
      {
        primary_color: '#F2C14E',
        secondary_color: '#2E4057',
        accent_color: '#8E6C88',
        background_color: '#15151A',
      },
    ],
    [
      'mid-tone colours',
      {
        primary_color: '#FF0000',
        secondary_color: '#777777',
        accent_color: '#00A0A0',
        background_color: '#808080',
      },
    ],
  ])('keep every text colour readable on its surface (%s)', (_name, settings) => {
    const v = themeVariables(settings);
    const pairs: Array<[string, string]> = [
      ['--foreground', '--background'],
      ['--card-foreground', '--card'],
      ['--primary-foreground', '--primary'],
      ['--secondary-foreground', '--secondary'],
      ['--accent-foreground', '--accent'],
    ];
    for (const [text, surface] of pairs) {
      expect(
        contrastRatio(hslToHex(v[text as `--${string}`]!), hslToHex(v[surface as `--${string}`]!)),
        `${text} on ${surface}`,
      ).toBeGreaterThanOrEqual(4.4);
    }
    expect(
      contrastRatio(hslToHex(v['--muted-foreground']!), hslToHex(v['--muted']!)),
    ).toBeGreaterThanOrEqual(4.4);
  });

  it('switch to light text on a dark background', () => {
    const variables = themeVariables({ background_color: '#15151A' });
    expect(hslToHex(variables['--foreground']!)).toBe('#FBF9F7');
    expect(Number(variables['--muted']!.split(' ')[2]!.replace('%', ''))).toBeGreaterThan(8);
  });

  it('applyTheme sets them on an element and puts back what was there', () => {
    const element = document.createElement('div');
    element.style.setProperty('--primary', '1 2% 3%');
    const undo = applyTheme(element, designVariables(withDefaults({ primary_color: '#336699' })));
    expect(element.style.getPropertyValue('--primary')).toBe('210 50% 40%');
    expect(element.style.getPropertyValue('--heading-font')).toMatch(/^'Playfair Display', /);
    undo();
    expect(element.style.getPropertyValue('--primary')).toBe('1 2% 3%');
    expect(element.style.getPropertyValue('--heading-font')).toBe('');
  });
});

describe('background styles', () => {
  const palette = {
    primary_color: '#E8C4C4',
    secondary_color: '#C4D4C4',
    accent_color: '#D4C4B4',
    background_color: '#FEFEFE',
  };
  it('clean is the background colour alone; the others blend the palette over it', () => {
    expect(backgroundCss('clean', palette)).toBe('hsl(0 0% 99.6%)');
    expect(backgroundCss('subtle', palette)).toMatch(
      /^linear-gradient\(180deg, hsl\(30 27.1% 76.9% \/ 0.16\).*hsl\(0 0% 99.6%\)$/,
    );
    expect(backgroundCss('gradient', palette)).toMatch(
      /^linear-gradient\(135deg, hsl\(0 43.9% 83.9% \/ 0.42\).*hsl\(120 15.7% 80% \/ 0.42\) 100%\), hsl\(0 0% 99.6%\)$/,
    );
    const dreamy = backgroundCss('dreamy', palette);
    expect(dreamy.match(/radial-gradient/g)).toHaveLength(3);
    expect(dreamy).toContain('hsl(0 43.9% 83.9% / 0.5)');
    expect(dreamy.endsWith('hsl(0 0% 99.6%)')).toBe(true);
  });
});

describe('fonts', () => {
  it("map the stored names to the served families ('Source Sans Pro' is 'Source Sans 3')", () => {
    expect(fontFamily('Source Sans Pro')).toMatch(/^'Source Sans 3', /);
    expect(fontFamily('Cormorant')).toMatch(/^'Cormorant', /);
    expect(fontStack('Playfair Display', 'heading')).toMatch(
      /^'Playfair Display', .*'Playfair Display Fallback: DejaVu Serif', Georgia/,
    );
    expect(fontStack('Nunito', 'body')).toMatch(
      /^'Nunito', .*'Nunito Fallback: DejaVu Sans', system-ui/,
    );
  });

  it('has a served family for every heading and body font the server accepts', () => {
    expect(Object.keys(FONT_FAMILIES).sort()).toEqual([...HEADING_FONTS, ...BODY_FONTS].sort());
    expect(Object.values(FONT_FAMILIES)).toEqual([
      'Playfair Display',
      'Cormorant',
      'Lato',
      'Open Sans',
      'Source Sans 3',
      'Nunito',
    ]);
  });
});

describe('hero image style', () => {
  it('blurs in px and fades in percent; no filter when there is no blur', () => {
    expect(heroImageStyle({ hero_background_blur: 5, hero_background_opacity: 80 })).toMatchObject({
      filter: 'blur(5px)',
      opacity: 0.8,
    });
    expect(heroImageStyle({ hero_background_blur: 0, hero_background_opacity: 100 })).toEqual({
      opacity: 1,
      filter: undefined,
      transform: undefined,
    });
  });
});
