/**
 * Reading a JPEG's structure without decoding it (issue 22): its size from the frame header, and which
 * metadata blocks it carries. The device uses it to refuse a bomb before decoding and tests use it to
 * prove no EXIF (GPS) leaves the phone; the server decodes with sharp instead.
 */

/** SOF markers that carry the frame's size (every SOFn except DHT C4, JPG C8 and DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export type JpegSegment = { marker: number; offset: number; length: number };

/** The header segments before the image data (start of scan), or null when the bytes are not a JPEG. */
export function jpegSegments(bytes: Uint8Array): JpegSegment[] | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const out: JpegSegment[] = [];
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (length < 2) return null;
    out.push({ marker, offset: i, length });
    if (marker === 0xda) return out;
    i += 2 + length;
  }
  return out.length > 0 ? out : null;
}

/** Width and height from the frame header, or null when there is none (not a JPEG, or cut short). */
export function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  for (const s of jpegSegments(bytes) ?? []) {
    if (!SOF.has(s.marker) || s.offset + 9 > bytes.length) continue;
    const height = (bytes[s.offset + 5]! << 8) | bytes[s.offset + 6]!;
    const width = (bytes[s.offset + 7]! << 8) | bytes[s.offset + 8]!;
    return width > 0 && height > 0 ? { width, height } : null;
  }
  return null;
}

/** True when the JPEG carries an EXIF block (APP1 'Exif'), where cameras write the GPS position. */
export function jpegHasExif(bytes: Uint8Array): boolean {
  return (jpegSegments(bytes) ?? []).some(
    (s) => s.marker === 0xe1 && String.fromCharCode(...bytes.subarray(s.offset + 4, s.offset + 8)) === 'Exif',
  );
}
