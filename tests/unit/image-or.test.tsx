import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageOr } from '@/ui/image-or';

const fallback = <span>No cover</span>;

describe('an image with a placeholder', () => {
  it('shows the image while it loads', () => {
    render(<ImageOr src="/cover.webp" alt="Cover" fallback={fallback} />);
    expect(screen.getByRole('img', { name: 'Cover' }).getAttribute('src')).toBe('/cover.webp');
    expect(screen.queryByText('No cover')).toBeNull();
  });

  it('gives way to the placeholder when the image cannot load, and tries a new address again', () => {
    const { rerender } = render(<ImageOr src="/gone.webp" alt="Cover" fallback={fallback} />);
    fireEvent.error(screen.getByRole('img', { name: 'Cover' }));
    expect(screen.getByText('No cover')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();

    rerender(<ImageOr src="/other.webp" alt="Cover" fallback={fallback} />);
    expect(screen.getByRole('img', { name: 'Cover' }).getAttribute('src')).toBe('/other.webp');
  });

  it('shows the placeholder when there is no image', () => {
    render(<ImageOr src={null} alt="Cover" fallback={fallback} />);
    expect(screen.getByText('No cover')).toBeTruthy();
  });
});
