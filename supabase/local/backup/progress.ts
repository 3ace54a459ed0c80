/**
 * Progress of a long copy: files and bytes done of the total, and time left. On a terminal one
 * line redrawn in place; elsewhere (cron, a log file) a plain line at every tenth.
 */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** A line of its own (a step begins or ends). */
  note(line: string): void;
  /** Begins counting towards these totals. */
  begin(label: string, totals: { files: number; bytes: number }): void;
  addBytes(count: number): void;
  addFile(): void;
  /** Ends the count with its final line. */
  end(): void;
}

const REDRAW_EVERY_MS = 250;

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`;
}

function formatTimeLeft(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return `, about ${Math.max(1, Math.round(seconds))} s left`;
  if (seconds < 3600) return `, about ${Math.round(seconds / 60)} min left`;
  return `, about ${(seconds / 3600).toFixed(1)} h left`;
}

export function createProgress(output: ProgressOutput = process.stdout): Progress {
  const terminal = output.isTTY === true;
  let label = '';
  let totals = { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  let startedAt = 0;
  let lastDrawn = 0;
  let lastTenth = 0;
  let lineOpen = false;

  const describe = () => {
    const elapsed = (Date.now() - startedAt) / 1000;
    const left =
      bytes > 0 && elapsed > 1 ? formatTimeLeft((elapsed / bytes) * (totals.bytes - bytes)) : '';
    return `${label}: ${files} of ${totals.files} files, ${formatBytes(bytes)} of ${formatBytes(totals.bytes)}${left}`;
  };
  const closeLine = () => {
    if (lineOpen) output.write('\n');
    lineOpen = false;
  };
  const update = () => {
    if (terminal) {
      const now = Date.now();
      if (now - lastDrawn < REDRAW_EVERY_MS) return;
      lastDrawn = now;
      output.write(`\r\x1b[K${describe()}`);
      lineOpen = true;
      return;
    }
    const tenth = Math.floor(
      (totals.bytes > 0 ? bytes / totals.bytes : files / Math.max(totals.files, 1)) * 10,
    );
    if (tenth > lastTenth && tenth < 10) {
      lastTenth = tenth;
      output.write(`${describe()}\n`);
    }
  };

  return {
    note(line) {
      closeLine();
      output.write(`${line}\n`);
    },
    begin(name, newTotals) {
      closeLine();
      label = name;
      totals = newTotals;
      files = 0;
      bytes = 0;
      startedAt = Date.now();
      lastDrawn = 0;
      lastTenth = 0;
    },
    addBytes(count) {
      bytes += count;
      update();
    },
    addFile() {
      files += 1;
      update();
    },
    end() {
      if (terminal) output.write(`\r\x1b[K`);
      lineOpen = false;
      output.write(
        `${label}: ${files} files, ${formatBytes(bytes)}, done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`,
      );
    },
  };
}

/** For callers that show nothing (tests). */
export const silentProgress = (): Progress => createProgress({ write: () => true });
