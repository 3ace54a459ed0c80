import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, UploadProgress } from '@/offline/outbox/upload-progress';
import { sendingPace, timeLeft } from '@/ui/format';

describe('upload progress', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
  });
  afterEach(() => vi.useRealTimers());

  const at = (ms: number) => {
    now = ms;
    vi.advanceTimersByTime(300);
  };

  it('measures the speed from the bytes sent in the last seconds, not from a resumed upload’s offset', () => {
    const progress = new UploadProgress(() => now);
    // A resumed upload's first report is where the server stood: 20 MB sent before, not now.
    progress.report('p1', 20_000_000, 40_000_000);
    at(0);
    expect(progress.getSnapshot().bytesPerSecond).toBeNull();
    // 5 MB more each second, for four seconds.
    for (let second = 1; second <= 4; second += 1) {
      progress.report('p1', 20_000_000 + second * 5_000_000, 40_000_000);
      at(second * 1000);
    }
    // 20 MB in the 4 s since the first of them: 5 MB/s.
    expect(progress.getSnapshot().bytesPerSecond).toBeCloseTo(5_000_000, -3);
    expect(progress.getSnapshot().files.get('p1')).toEqual({ sent: 40_000_000, total: 40_000_000 });
    progress.finish('p1');
    at(5000);
    expect(progress.getSnapshot().files.has('p1')).toBe(false);
  });

  it('tells the screens at most four times a second', () => {
    const progress = new UploadProgress(() => now);
    const heard = vi.fn();
    progress.subscribe(heard);
    for (let index = 1; index <= 50; index += 1) progress.report('p1', index * 1000, 50_000);
    vi.advanceTimersByTime(260);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('says the time left as people do', () => {
    expect(secondsLeft(30_000_000, 5_000_000)).toBe(6);
    expect(secondsLeft(30_000_000, null)).toBeNull();
    expect(timeLeft(6)).toBe('less than a minute left');
    expect(timeLeft(250)).toBe('about 4 min left');
    expect(timeLeft(4800)).toBe('about 1 h 20 min left');
    expect(sendingPace(6.9 * 1024 * 1024, 250)).toBe('6.9 MB/s · about 4 min left');
    expect(sendingPace(840 * 1024, null)).toBe('840 KB/s');
  });
});
