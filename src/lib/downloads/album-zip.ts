import { makeZip } from 'client-zip';
import { uniqueFileNames } from './file-names';

export interface ZipSource {
  /** The file's name in the zip (made unique and safe here). */
  name: string;
  /** Expected size in bytes, for the progress figure. */
  size: number;
  /** Fetches the file; a failure skips it. */
  load: (signal: AbortSignal) => Promise<Blob>;
}

export interface ZipProgress {
  filesDone: number;
  filesTotal: number;
  /** 0 to 100, by bytes of the files fetched so far. */
  percent: number;
}

export interface ZipSummary {
  added: number;
  skipped: number;
}

/**
 * A zip of many files as a stream, with memory bounded however large the album: files are
 * fetched at most `concurrency` ahead of the writer, each is let go once written, and
 * nothing is recompressed (photos are already compressed; entries are stored). A file that
 * fails to fetch is skipped and counted. The zip is produced only as fast as it is read.
 */
export function zipFiles(
  sources: readonly ZipSource[],
  options: {
    concurrency?: number;
    onProgress?: (progress: ZipProgress) => void;
    signal?: AbortSignal;
  } = {},
): { stream: ReadableStream<Uint8Array>; summary: Promise<ZipSummary> } {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const names = uniqueFileNames(sources.map((source) => source.name));
  const totalBytes = sources.reduce((sum, source) => sum + Math.max(0, source.size), 0);
  const aborter = new AbortController();
  options.signal?.addEventListener('abort', () => aborter.abort(options.signal?.reason), {
    once: true,
  });

  let settle!: { resolve: (summary: ZipSummary) => void; reject: (error: unknown) => void };
  const summary = new Promise<ZipSummary>((resolve, reject) => (settle = { resolve, reject }));
  // Callers that stop reading may never look at the summary; its failure is not unhandled.
  summary.catch(() => undefined);
  const cancelled = () => new DOMException('The download was cancelled', 'AbortError');

  async function* entries() {
    const inFlight: Array<Promise<Blob | null>> = [];
    let started = 0;
    const startNext = () => {
      const source = sources[started++]!;
      inFlight.push(
        source.load(aborter.signal).catch((error: unknown) => {
          if (!aborter.signal.aborted) console.warn(`Skipped ${source.name} in the zip`, error);
          return null;
        }),
      );
    };
    let added = 0;
    let bytesDone = 0;
    try {
      while (started < sources.length && inFlight.length < concurrency) startNext();
      for (let index = 0; index < sources.length; index += 1) {
        const blob = await inFlight.shift()!;
        if (aborter.signal.aborted)
          throw aborter.signal.reason ?? new DOMException('Aborted', 'AbortError');
        if (started < sources.length) startNext();
        bytesDone += Math.max(0, sources[index]!.size);
        options.onProgress?.({
          filesDone: index + 1,
          filesTotal: sources.length,
          percent:
            totalBytes > 0
              ? Math.round((bytesDone / totalBytes) * 100)
              : Math.round(((index + 1) / sources.length) * 100),
        });
        if (!blob) continue;
        added += 1;
        yield { name: names[index]!, input: blob, lastModified: new Date() };
      }
      settle.resolve({ added, skipped: sources.length - added });
    } catch (error) {
      // A reader that cancels throws its reason (often none) in here: that is a cancellation.
      settle.reject(error ?? cancelled());
      if (error !== undefined) throw error;
    } finally {
      // Also when the reader stopped early without a reason; a settled summary stays as it is.
      settle.reject(cancelled());
      aborter.abort();
    }
  }

  const zip = makeZip(entries(), { buffersAreUTF8: true });
  return { stream: zip, summary };
}
