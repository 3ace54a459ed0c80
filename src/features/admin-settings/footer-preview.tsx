import { Link2 } from 'lucide-react';
import type { PhotographerProfileRow } from '@/lib/backend/database.types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { footerContent } from './footer-content';

/** Footer Settings: a preview only, generated from the saved profile (SPEC §2). */
export function FooterPreview({ profile }: { profile: Partial<PhotographerProfileRow> | null }) {
  const footer = footerContent(profile, new Date().getFullYear());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Footer Settings</CardTitle>
        <CardDescription>
          The footer is generated from your profile; save the profile to change it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <footer
          aria-label="Footer preview"
          data-testid="footer-preview"
          className="rounded-lg border bg-muted/50 px-5 py-7 text-center"
        >
          <p className="font-heading text-xl break-words">{footer.siteName}</p>
          {footer.tagline && (
            <p className="mt-1 text-sm text-muted-foreground break-words">{footer.tagline}</p>
          )}
          {footer.links.length > 0 && (
            <ul className="mt-4 flex flex-wrap justify-center gap-2">
              {footer.links.map((link) => (
                <li key={link.key}>
                  {link.href ? (
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={link.text}
                      className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1 text-xs font-medium transition-colors hover:bg-accent"
                    >
                      <Link2 className="size-3.5" aria-hidden /> {link.label}
                    </a>
                  ) : (
                    <span
                      title={link.text}
                      className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground"
                    >
                      <Link2 className="size-3.5" aria-hidden /> {link.label}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-5 border-t pt-4 text-xs text-muted-foreground">{footer.copyright}</p>
        </footer>
      </CardContent>
    </Card>
  );
}
