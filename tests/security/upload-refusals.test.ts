import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signedInAdmin } from '../integration/helpers';
import { uploadZeros } from '../support/zero-upload';

// Classes 1 and 3 of docs/SECURITY.md together: an upload the storage service refuses before
// its body has arrived reaches the client through the gateway with its own status. (The
// storage service used to close such a connection at once; the gateway's proxy, still sending
// the body, then lost the answer to EPIPE and sent 502, which the app retries for ever.)

const MB = 1024 * 1024;

/** An upload of zeros through the gateway; its status. */
async function upload(headers: Record<string, string>, bytes: number, declare: boolean): Promise<number> {
  const url = `${inject('stack').url}/storage/v1/object/originals/${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;
  return (await uploadZeros(url, headers, bytes, declare)).status;
}

describe('uploads refused early, through the gateway', () => {
  // Tried up to three times: in 2 of 6 CI runs on 2 busy cores one of the 20 ended without an
  // answer (status 0), cause not found yet (docs/SECURITY.md, "Load under abuse"). A 502, or a
  // wrong status, fails every try.
  it('answer 403, 413 and 415 with their own status, never 502', { retry: 2 }, async () => {
    const { anonKey } = inject('stack');
    const api = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
    const admin = await signedInAdmin();
    const asAdmin = { ...api, 'x-admin-username': admin.username, 'x-admin-token': admin.token };
    const statuses = await Promise.all([
      ...Array.from({ length: 12 }, () => upload(api, 50 * MB, true)),
      ...Array.from({ length: 6 }, () => upload(asAdmin, 60 * MB, true)),
      ...Array.from({ length: 2 }, () => upload(asAdmin, 60 * MB, false)),
    ]);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(403));
    expect(statuses.slice(12, 18)).toEqual(Array(6).fill(413));
    // Zeros are no JPEG: refused on their first bytes.
    expect(statuses.slice(18)).toEqual([415, 415]);
  });
});
