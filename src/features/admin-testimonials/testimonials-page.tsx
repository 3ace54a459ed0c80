import { MessageSquareQuote } from 'lucide-react';

/** /admin/testimonials: the spec shows only this placeholder (SPEC §2). */
export function TestimonialsPage() {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-center">
      <MessageSquareQuote className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl">Testimonials Management</h1>
    </div>
  );
}
