import { useRef } from 'react';

/**
 * A hidden file input that takes one image, opened by a visible button of the form (the input
 * stays out of the tab order; its label names it for screen readers). Render `picker` once.
 */
export function useImageFilePicker(label: string, onChoose: (file: File) => void) {
  const input = useRef<HTMLInputElement>(null);
  const picker = (
    <input
      ref={input}
      type="file"
      accept="image/*"
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = ''; // choosing the same file again still fires a change
        if (file) onChoose(file);
      }}
    />
  );
  return { open: () => input.current?.click(), picker };
}
