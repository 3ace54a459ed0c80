/** Asks the active service worker to take the page that sends it (src-sw/sw.ts). */
export const CLAIM_MESSAGE = { type: 'CLAIM' } as const;

export const isClaimMessage = (data: unknown): boolean =>
  (data as { type?: unknown } | null)?.type === CLAIM_MESSAGE.type;
