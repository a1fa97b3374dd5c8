import { describe, expect, it } from 'vitest';
import { moveOf } from '../src/components/server-table/use-grid-keyboard.ts';

/** A grid of 3 rows after the header (rows 0..3) and 4 columns (0..3). */
const move = (key: string, at: { row: number; col: number }, ctrl = false) => moveOf(key, ctrl, at, 3, 3);

describe('moveOf', () => {
  it('moves one cell with the arrows, stopping at the edges', () => {
    expect(move('ArrowDown', { row: 1, col: 1 })).toEqual([2, 1]);
    expect(move('ArrowUp', { row: 0, col: 1 })).toEqual([0, 1]);
    expect(move('ArrowRight', { row: 2, col: 3 })).toEqual([2, 3]);
    expect(move('ArrowLeft', { row: 2, col: 0 })).toEqual([2, 0]);
    expect(move('ArrowDown', { row: 3, col: 0 })).toEqual([3, 0]);
  });

  it('goes to the row ends with Home and End, and to the grid corners with Ctrl', () => {
    expect(move('Home', { row: 2, col: 2 })).toEqual([2, 0]);
    expect(move('End', { row: 2, col: 1 })).toEqual([2, 3]);
    expect(move('Home', { row: 2, col: 2 }, true)).toEqual([0, 0]);
    expect(move('End', { row: 1, col: 1 }, true)).toEqual([3, 3]);
  });

  it('is no move for other keys', () => {
    expect(move('Enter', { row: 1, col: 1 })).toBeUndefined();
    expect(move('a', { row: 1, col: 1 })).toBeUndefined();
  });
});
