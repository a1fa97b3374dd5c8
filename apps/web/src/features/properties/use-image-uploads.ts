import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, propertyApi } from '@app/contract';
import { ApiError } from '../../lib/api.ts';
import { imageFileProblem } from '../../lib/image-file.ts';
import { notify } from '../../lib/notify.ts';
import { uploadWithProgress } from '../../lib/upload.ts';
import { MEDIA_RELOADS } from './api.ts';

/** A chosen file on its way: its description, how much is sent, and why it failed (plain words). */
export interface QueuedImage {
  key: number;
  file: File;
  preview: string;
  description: string;
  /** Refused before sending (too large, not a .jpg or .png): it only says why. */
  refused: boolean;
  state: 'waiting' | 'sending' | 'failed';
  progress: number;
  error: string | null;
}

let nextKey = 1;
const NO_DESCRIPTION = `Description: ${MESSAGES.required}`;
/** 'living-room_2.jpg' → 'living room 2': a description to start from. */
const describe = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 500);

/**
 * The images chosen for a listing, uploaded one after another (so they keep the order chosen) with
 * each one's progress; a file refused (too large, not an image) says why and the others go on.
 */
export function useImageUploads(propertyId: number) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedImage[]>([]);
  const [busy, setBusy] = useState(false);
  const live = useRef(queue);
  useEffect(() => {
    live.current = queue;
  }, [queue]);
  useEffect(() => () => live.current.forEach((q) => q.preview && URL.revokeObjectURL(q.preview)), []);

  const change = (key: number, patch: Partial<QueuedImage>) =>
    setQueue((all) => all.map((q) => (q.key === key ? { ...q, ...patch } : q)));

  const add = (files: Iterable<File>) => {
    // Read now: the input's FileList empties when its value is cleared, before React runs the update.
    const chosen = [...files];
    setQueue((all) => [
      ...all,
      ...chosen.map((file) => {
        const problem = imageFileProblem(file, MESSAGES.uploadLimit);
        return {
          key: nextKey++,
          file,
          preview: problem ? '' : URL.createObjectURL(file),
          description: describe(file.name),
          refused: !!problem,
          state: 'waiting' as const,
          progress: 0,
          error: problem,
        };
      }),
    ]);
  };

  const remove = (key: number) =>
    setQueue((all) => {
      const gone = all.find((q) => q.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return all.filter((q) => q.key !== key);
    });

  const send = async (item: QueuedImage) => {
    const body = new FormData();
    body.append('type', 'Image');
    body.append('property_id', String(propertyId));
    body.append('isDefault', '0');
    body.append('description', item.description.trim());
    body.append('images_video', item.file);
    change(item.key, { state: 'sending', progress: 0, error: null });
    try {
      await uploadWithProgress(propertyApi.saveimagesupload, body, {
        silent: true,
        onProgress: (progress) => change(item.key, { progress }),
      });
      remove(item.key);
      await Promise.all(MEDIA_RELOADS.map(({ name }) => queryClient.invalidateQueries({ queryKey: [name] })));
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : MESSAGES.somethingWrong;
      change(item.key, { state: 'failed', progress: 0, error: message });
      return false;
    }
  };

  /** Uploads every file that can go; those without a description are marked and skipped. */
  const uploadAll = async () => {
    const ready: QueuedImage[] = [];
    for (const item of live.current) {
      if (item.refused) continue;
      if (!item.description.trim()) change(item.key, { state: 'failed', error: NO_DESCRIPTION });
      else ready.push(item);
    }
    if (ready.length === 0) return;
    setBusy(true);
    let sent = 0;
    for (const item of ready) if (await send(item)) sent += 1;
    setBusy(false);
    const failed = ready.length - sent;
    const images = (n: number) => `${n} image${n === 1 ? '' : 's'}`;
    if (failed === 0) notify.success(`${images(sent)} uploaded`);
    else notify.error(`${images(sent)} uploaded, ${failed} not: see why beside each`);
  };

  const describeAs = (key: number, description: string) =>
    setQueue((all) =>
      all.map((q) =>
        q.key !== key
          ? q
          : { ...q, description, error: q.error === NO_DESCRIPTION && description.trim() ? null : q.error },
      ),
    );
  /** How many files the Upload button would send. */
  const ready = queue.filter((q) => q.state !== 'sending' && !q.refused).length;

  return { queue, busy, ready, add, remove, uploadAll, describeAs };
}
