import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../src/app/theme.ts';

describe('themes', () => {
  for (const themeId of [1, 2, 6] as const) {
    for (const mode of ['light', 'dark'] as const) {
      it(`theme ${themeId} ${mode}: a contained button's text reads at 4.5:1, hovered too`, () => {
        const { primary } = createAppTheme(themeId, mode).palette;
        expect(getContrastRatio(primary.contrastText, primary.main)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(primary.contrastText, primary.dark)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});
