/** A screen whose feature has not been built yet: says so plainly instead of pretending. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <div className="flex min-h-[40dvh] flex-col items-center justify-center gap-2 text-center">
      <h1 className="text-2xl">{title}</h1>
      <p className="text-sm text-muted-foreground">This screen is being built.</p>
    </div>
  );
}
