/**
 * Inserts a minimal EXIF (APP1) segment with an Orientation tag right after a JPEG's SOI
 * marker. Enough for browsers and image libraries to honour the orientation.
 */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const tiff = [
    0x49,
    0x49,
    0x2a,
    0x00, // little-endian TIFF header
    0x08,
    0x00,
    0x00,
    0x00, // first IFD at offset 8
    0x01,
    0x00, // one entry
    0x12,
    0x01, // tag 0x0112 Orientation
    0x03,
    0x00, // type SHORT
    0x01,
    0x00,
    0x00,
    0x00, // count 1
    orientation,
    0x00,
    0x00,
    0x00, // value
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff]; // "Exif\0\0"
  const length = payload.length + 2;
  const segment = [0xff, 0xe1, length >> 8, length & 0xff, ...payload];
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** The EXIF Orientation of a JPEG, or 1 when it has none. */
export function readExifOrientation(jpeg: Uint8Array): number {
  let offset = 2;
  while (offset + 4 < jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1]!;
    const length = (jpeg[offset + 2]! << 8) | jpeg[offset + 3]!;
    if (
      marker === 0xe1 &&
      String.fromCharCode(...jpeg.subarray(offset + 4, offset + 8)) === 'Exif'
    ) {
      const tiff = offset + 10;
      const little = jpeg[tiff] === 0x49;
      const read16 = (at: number) =>
        little ? jpeg[at]! | (jpeg[at + 1]! << 8) : (jpeg[at]! << 8) | jpeg[at + 1]!;
      const read32 = (at: number) =>
        little ? read16(at) | (read16(at + 2) << 16) : (read16(at) << 16) | read16(at + 2);
      const ifd = tiff + read32(tiff + 4);
      for (let entry = 0; entry < read16(ifd); entry++) {
        const at = ifd + 2 + entry * 12;
        if (read16(at) === 0x0112) return read16(at + 8);
      }
      return 1;
    }
    offset += 2 + length;
  }
  return 1;
}
