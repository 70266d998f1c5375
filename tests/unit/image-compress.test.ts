import { describe, expect, it } from 'vitest';
import { PHOTO_COMPRESS, compressedName, fitLongEdge, keepAsIs } from '~/lib/rules/image-compress';
import { movePhoto } from '~/lib/stores/circle-phone';

describe('photo compression sizing (功夫圈 on the phone)', () => {
  it.each([
    // A 12 MP camera photo, landscape and portrait: the long edge becomes 1920.
    [4032, 3024, 1920, 1440],
    [3024, 4032, 1440, 1920],
    // A panorama keeps its shape.
    [8000, 1000, 1920, 240],
    // Within the edge: untouched.
    [1920, 1080, 1920, 1080],
    [800, 600, 800, 600],
    // Never below one pixel.
    [100000, 10, 1920, 1],
  ])('%i×%i → %i×%i', (w, h, ew, eh) => {
    expect(fitLongEdge(w, h)).toEqual({ width: ew, height: eh });
  });

  it('the long edge is within the 1600–2048 px the phone upload aims at, at JPEG quality ~0.8', () => {
    expect(PHOTO_COMPRESS.longEdge).toBeGreaterThanOrEqual(1600);
    expect(PHOTO_COMPRESS.longEdge).toBeLessThanOrEqual(2048);
    expect(PHOTO_COMPRESS.quality).toBeCloseTo(0.8, 1);
  });

  it('keeps GIFs (animation) and small pictures as they are; re-encodes large ones', () => {
    expect(keepAsIs({ type: 'image/gif', size: 5_000_000 }, 4000, 3000)).toBe(true);
    expect(keepAsIs({ type: 'image/jpeg', size: 120_000 }, 1200, 900)).toBe(true);
    expect(keepAsIs({ type: 'image/jpeg', size: 120_000 }, 4000, 3000)).toBe(false);
    expect(keepAsIs({ type: 'image/jpeg', size: 4_000_000 }, 1200, 900)).toBe(false);
    expect(keepAsIs({ type: 'image/png', size: 900_000 }, 1000, 1000)).toBe(false);
  });

  it('names the result .jpg', () => {
    expect(compressedName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(compressedName('a.b.png')).toBe('a.b.jpg');
    expect(compressedName('photo')).toBe('photo.jpg');
    expect(compressedName('.png')).toBe('photo.jpg');
  });

  it('moves a photo of the draft one place, not past either end', () => {
    expect(movePhoto(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
