import { limits } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { checkImageFiles, cropInOriginal } from './image-file';

const file = (type: string, size: number, name = 'a') => {
  const created = new File(['x'], name, { type });
  Object.defineProperty(created, 'size', { value: size });
  return created;
};

describe('checkImageFiles', () => {
  it('accepts one image of an allowed type within the limit', () => {
    expect(checkImageFiles([file('image/png', 1000)])).toBeNull();
    expect(checkImageFiles([file('image/jpeg', limits.uploadMaxBytes)])).toBeNull();
  });
  it('refuses no file or more than one', () => {
    expect(checkImageFiles([])).toEqual({ key: 'one_file' });
    expect(checkImageFiles([file('image/png', 10), file('image/png', 10)])).toEqual({ key: 'one_file' });
  });
  it('refuses other types, including images the server does not take', () => {
    expect(checkImageFiles([file('application/pdf', 10)])).toEqual({ key: 'not_image' });
    expect(checkImageFiles([file('image/svg+xml', 10)])).toEqual({ key: 'not_image' });
    expect(checkImageFiles([file('', 10)])).toEqual({ key: 'not_image' });
  });
  it('refuses empty and oversized files, naming the limit in megabytes', () => {
    expect(checkImageFiles([file('image/webp', 0)])).toEqual({ key: 'empty' });
    expect(checkImageFiles([file('image/webp', limits.uploadMaxBytes + 1)])).toEqual({
      key: 'too_large',
      values: { max: 20 },
    });
  });
});

describe('cropInOriginal', () => {
  it('maps percentages to whole pixels of the original', () => {
    expect(cropInOriginal({ x: 10, y: 25, width: 50, height: 50 }, { width: 2000, height: 1000 })).toEqual({
      x: 200,
      y: 250,
      width: 1000,
      height: 500,
    });
  });
  it('keeps the rectangle inside the image', () => {
    expect(cropInOriginal({ x: -1, y: 0, width: 101, height: 100.4 }, { width: 300, height: 200 })).toEqual({
      x: 0,
      y: 0,
      width: 300,
      height: 200,
    });
    expect(cropInOriginal({ x: 99.9, y: 99.9, width: 0, height: 0 }, { width: 100, height: 100 })).toEqual({
      x: 99,
      y: 99,
      width: 1,
      height: 1,
    });
  });
});
