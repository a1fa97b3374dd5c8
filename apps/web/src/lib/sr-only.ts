/**
 * Hidden on screen, read by screen readers. One pixel wide: `width: 1` in an sx would be 100% of the
 * page (MUI reads numbers up to 1 as fractions) and widen it past the window.
 */
export const SR_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
