import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Tailwind "cool gray" (50 → 900). */
const coolGray: MantineColorsTuple = [
  '#f9fafb',
  '#f3f4f6',
  '#e5e7eb',
  '#d1d5db',
  '#9ca3af',
  '#6b7280',
  '#4b5563',
  '#374151',
  '#1f2937',
  '#111827',
];

/**
 * Dark palette with the same cool tint: light text (0) to the darkest background (9).
 * Shade 2 is the "dimmed" text colour in dark mode: kept light enough for WCAG AA on shade 7.
 */
const coolDark: MantineColorsTuple = [
  '#d1d5db',
  '#b4bcc8',
  '#8b95a5',
  '#5c6678',
  '#3b4556',
  '#2d3748',
  '#222b3a',
  '#172031',
  '#111827',
  '#0b1120',
];

/**
 * Tailwind green: shade 7 (#15803d) carries white text at 5:1 (Mantine's own green tops out
 * below 4.5:1), so primary buttons and links pass WCAG AA in both colour schemes.
 */
const green: MantineColorsTuple = [
  '#f0fdf4',
  '#dcfce7',
  '#bbf7d0',
  '#86efac',
  '#4ade80',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#166534',
  '#14532d',
];

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: 7,
  colors: { gray: coolGray, dark: coolDark, green },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'lg' } },
    // A link in a sentence must not rely on its colour alone (WCAG 1.4.1): underlined by default;
    // links standing on their own (navigation lists) may opt for `underline="hover"`.
    Anchor: { defaultProps: { underline: 'always' } },
    // Toasts (and any Notification): the close button, an icon, needs a name.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fermer la notification' } } },
    // A dialog's title bar is a <header>: at the top level of the page that is a banner landmark,
    // a second one beside the app's header. It is only the dialog's title and close button.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
});

/**
 * Text colour of the "light" variant (badges, light buttons, alerts, active nav links) in light
 * mode. Mantine uses the primary shade, which is below 4.5:1 on the tinted background for most
 * palettes; these darker values reach WCAG AA (checked against each colour's 10 % tint).
 */
const accessibleLightColors: Record<string, string> = {
  blue: '#1864ab',
  cyan: '#0b7285',
  grape: '#862e9c',
  green: '#166534',
  indigo: '#364fc7',
  lime: '#3f6212',
  orange: '#9a3412',
  pink: '#a61e4d',
  red: '#c92a2a',
  teal: '#065f46',
  violet: '#5f3dc4',
  yellow: '#854d0e',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(accessibleLightColors).map(([name, value]) => [
        `--mantine-color-${name}-light-color`,
        value,
      ]),
    ),
    // Field errors and red text/buttons (Mantine: red 6/7, about 3.5:1 on white).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
