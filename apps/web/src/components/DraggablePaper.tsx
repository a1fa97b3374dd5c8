import { useState, type PointerEvent } from 'react';
import Paper, { type PaperProps } from '@mui/material/Paper';

/** Class of a dialog's drag handle (put it on the DialogTitle). */
export const DRAG_HANDLE = 'drag-handle';

/** A Dialog paper that can be moved by dragging its handle (pointer events, no dependency). */
export function DraggablePaper({ style, ...props }: PaperProps) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !(e.target as Element).closest(`.${DRAG_HANDLE}`)) return;
    const start = { x: e.clientX - offset.x, y: e.clientY - offset.y };
    const move = (ev: globalThis.PointerEvent) =>
      setOffset({ x: ev.clientX - start.x, y: ev.clientY - start.y });
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <Paper
      {...props}
      onPointerDown={onPointerDown}
      style={{ ...style, transform: `translate(${offset.x}px, ${offset.y}px)` }}
    />
  );
}
