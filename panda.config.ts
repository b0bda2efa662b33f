import { defineConfig, defineRecipe } from '@pandacss/dev';

/**
 * The brand: a dark gym floor, chalk-white type and one hot accent. Every text colour below is
 * checked against the background it sits on (≥ 4.5:1, see docs/adr/0009-design-tokens.md).
 */
const button = defineRecipe({
  className: 'button',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'bold',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
    borderRadius: 'md',
    borderWidth: '2px',
    borderColor: 'transparent',
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    // On the narrowest phones (320 CSS px) a long label wraps rather than pushing the page sideways.
    '@media (max-width: 359.98px)': { whiteSpace: 'normal', textAlign: 'center' },
    transition: 'background 0.15s, color 0.15s, border-color 0.15s',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: { bg: 'accent', color: 'accent.fg', _hover: { bg: 'accent.hover' } },
      outline: { borderColor: 'fg', color: 'fg', bg: 'transparent', _hover: { bg: 'fg', color: 'bg' } },
      ghost: { color: 'fg', bg: 'transparent', _hover: { bg: 'surface.raised' } },
      danger: { bg: 'danger', color: 'danger.fg', _hover: { opacity: 0.9 } },
    },
    size: {
      sm: { fontSize: 'xs', px: '3', minH: '9' },
      md: { fontSize: 'sm', px: '5', minH: '11' },
      lg: { fontSize: 'md', px: '7', minH: '12' },
      icon: { minW: '11', minH: '11', p: '0' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}', './stories/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  strictTokens: false,
  globalCss: {
    html: { colorScheme: 'dark', bg: 'bg', color: 'fg', fontFamily: 'body', lineHeight: '1.6', WebkitTextSizeAdjust: '100%' },
    body: { minH: '100dvh' },
    a: { color: 'inherit' },
    // German compounds ("Widerrufsbelehrung", "Verbraucherstreitbeilegung") are wider than a phone in
    // a heading's size: hyphenated where the browser knows the language (html lang), never overflowing.
    'h1, h2, h3': { hyphens: 'auto', overflowWrap: 'break-word' },
    ':focus-visible': { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    extend: {
      textStyles: {
        // The display face: heavy and upper-case. "Arial Black" is heavy by itself; where it is
        // missing (Linux, Android) the fallback gets the weight from fontWeight.
        heading: { value: { fontFamily: 'heading', fontWeight: '800', textTransform: 'uppercase' } },
      },
      keyframes: {
        spin: { to: { transform: 'rotate(360deg)' } },
        pulse: { '50%': { opacity: '0.5' } },
      },
      tokens: {
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
          heading: { value: '"Arial Black", "Helvetica Neue", Impact, system-ui, sans-serif' },
        },
        colors: {
          ink: { 950: { value: '#0b0b0d' }, 900: { value: '#141417' }, 800: { value: '#1d1d22' }, 700: { value: '#2c2c33' }, 500: { value: '#5b5b66' } },
          chalk: { 50: { value: '#f5f5f4' }, 300: { value: '#c9c7c3' }, 400: { value: '#a9a6a1' } },
          ember: { 400: { value: '#ff6a3d' }, 500: { value: '#ff4d1a' } },
        },
      },
      semanticTokens: {
        colors: {
          bg: { value: '{colors.ink.950}' },
          // A parent with children needs DEFAULT: Panda drops children of a token that has its own value.
          fg: { DEFAULT: { value: '{colors.chalk.50}' }, muted: { value: '{colors.chalk.400}' } },
          surface: { DEFAULT: { value: '{colors.ink.900}' }, raised: { value: '{colors.ink.800}' } },
          border: { DEFAULT: { value: '{colors.ink.700}' }, strong: { value: '{colors.ink.500}' } },
          accent: {
            DEFAULT: { value: '{colors.ember.500}' },
            hover: { value: '{colors.ember.400}' },
            fg: { value: '{colors.ink.950}' },
            text: { value: '{colors.ember.400}' },
          },
          focus: { value: '#ffd23f' },
          danger: { DEFAULT: { value: '#f87171' }, fg: { value: '{colors.ink.950}' } },
          success: { DEFAULT: { value: '#4ade80' }, fg: { value: '{colors.ink.950}' } },
          info: { DEFAULT: { value: '#60a5fa' }, fg: { value: '{colors.ink.950}' } },
          warning: { DEFAULT: { value: '#facc15' }, fg: { value: '{colors.ink.950}' } },
        },
      },
      recipes: { button },
    },
  },
});
