import { create } from 'zustand';

/** `iotPreview=IotLayout:{digits}` (spec §2): the digits are the SIM number a layout is previewed with. */
export function parsePreview(value: string | null | undefined): string | null {
  const m = /^IotLayout:(\d+)$/.exec(value ?? '');
  return m?.[1] ?? null;
}

interface PreviewState {
  previewSimNo: string;
  setPreviewSimNo(simNo: string): void;
}

/** The preview SIM number of this visit (not persisted). */
export const usePreview = create<PreviewState>()((set) => ({
  previewSimNo: '',
  setPreviewSimNo: (previewSimNo) => set({ previewSimNo }),
}));
