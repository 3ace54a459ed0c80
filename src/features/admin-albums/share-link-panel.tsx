import { CloudOff, Copy, ExternalLink, MessageSquareText, Share2 } from 'lucide-react';
import { useState } from 'react';
import { copyText } from '@/lib/copy-text';
import { clientLinkUrl, shareMessage } from '@/lib/share-link';
import { usePendingOf } from '@/offline/outbox/outbox-provider';
import { Button, buttonClasses } from '@/ui/button';
import { Dialog, DialogActions } from '@/ui/dialog';
import { shortDate } from '@/ui/format';
import { QrCode } from '@/ui/qr-code';
import { notify } from '@/ui/toast';
import { useShareLink, type SharedLink } from './use-share-link';

/** Copies and says so, like Client Links' Copy Link. */
async function copyWithToast(text: string, description: string) {
  try {
    await copyText(text);
    notify.success('Copied!', description);
  } catch (error) {
    console.error('Copy failed', error);
    notify.error('It could not be copied. Select the link and copy it yourself.');
  }
}

/** The collection header's 'Share': one click to a link the client can open, made or reused. */
export function ShareButton({ albumId, albumName }: { albumId: string; albumName: string }) {
  const share = useShareLink(albumId, albumName);
  const [link, setLink] = useState<SharedLink | null>(null);
  const [working, setWorking] = useState(false);

  const open = async () => {
    setWorking(true);
    try {
      const shared = await share();
      if (shared) setLink(shared.link);
    } catch (error) {
      console.error('Share failed', error);
      notify.error('Failed to create gallery link');
    } finally {
      setWorking(false);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => void open()} disabled={working} aria-busy={working}>
        <Share2 aria-hidden /> Share
      </Button>
      {link && <ShareLinkPanel link={link} albumName={albumName} onClose={() => setLink(null)} />}
    </>
  );
}

/** The shared link: full address, passcode, last day, QR code, 'Copy Message' and 'View as Client'. */
export function ShareLinkPanel({
  link,
  albumName,
  onClose,
}: {
  link: SharedLink;
  albumName: string;
  onClose: () => void;
}) {
  const waiting = usePendingOf('link.create').find((item) => item.payload.id === link.id);
  const url = clientLinkUrl(link.accessToken);
  const message = shareMessage({ url, passcode: link.passcode, expiresAt: link.expiresAt });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Share with your client"
      description={`“${albumName}”`}
    >
      <div className="grid gap-5" data-testid="share-panel">
        {waiting && (
          <p
            className="flex items-start gap-2 rounded-lg border border-dashed bg-secondary/60 p-3 text-sm"
            role="status"
          >
            <CloudOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            {waiting.failure
              ? `The link could not be saved yet: ${waiting.failure.message}`
              : 'Saved on this device. The link will work for your client once it has synced.'}
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-[10rem_1fr] sm:items-start">
          <QrCode
            value={url}
            label={`QR code of the client link to ${albumName}`}
            className="mx-auto size-40 rounded-lg border"
          />
          <dl className="grid min-w-0 gap-3 text-sm">
            <div className="grid gap-1.5">
              <dt className="text-muted-foreground">Client link</dt>
              <dd className="flex min-w-0 items-start gap-2">
                {/* The whole address, wrapped: the photographer sees exactly what the client gets. */}
                <span
                  className="min-w-0 flex-1 rounded-md border bg-secondary/40 px-3 py-2.5 font-mono text-xs leading-5 break-all select-all"
                  data-testid="share-url"
                >
                  {url}
                </span>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label="Copy Link"
                  title="Copy Link"
                  onClick={() => void copyWithToast(url, 'The client link is on your clipboard.')}
                >
                  <Copy aria-hidden />
                </Button>
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              <div>
                <dt className="text-muted-foreground">Passcode</dt>
                <dd
                  className="font-mono text-lg font-medium tracking-widest"
                  data-testid="share-passcode"
                >
                  {link.passcode ?? (
                    <span className="font-sans font-normal tracking-normal text-muted-foreground">
                      None
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Works until</dt>
                <dd className="text-lg font-medium">
                  {link.expiresAt ? (
                    shortDate(link.expiresAt)
                  ) : (
                    <span className="font-normal text-muted-foreground">No expiry</span>
                  )}
                </dd>
              </div>
            </div>
          </dl>
        </div>
        <DialogActions>
          {waiting ? (
            <Button variant="outline" disabled title="The link opens once it has synced">
              <ExternalLink aria-hidden /> View as Client
            </Button>
          ) : (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'outline' })}
            >
              <ExternalLink aria-hidden /> View as Client
            </a>
          )}
          <Button
            onClick={() =>
              void copyWithToast(message, 'The message with the link is on your clipboard.')
            }
          >
            <MessageSquareText aria-hidden /> Copy Message
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
