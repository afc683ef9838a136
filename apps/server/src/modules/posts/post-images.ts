/**
 * Pictures of posts — a cover, and images inserted in a body — through the profile pictures'
 * safe path (`modules/pictures`): the type read from the first bytes, the image decoded and
 * re-encoded as WebP without metadata, stored under a random name.
 */
import { randomBytes } from 'node:crypto';
import type Sharp from 'sharp';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import type { Storage } from '../../plugins/storage';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { pictureErrors, sniffImageType } from '../pictures/pictures.service';
import { STORED_NAME } from './posts.presenter';
import { coverKey, postFor, postImageKey, setCover } from './posts.service';

let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
};

/** A cover: 1200×630 (the shape of a link preview), cropped on what draws the eye. */
const COVER = { width: 1200, height: 630 };
/** An image in a body: at most this wide and high, proportions kept. */
const IMAGE_MAX_SIDE = 1600;

/**
 * The picture checked (type from its first bytes), decoded and re-encoded as WebP without
 * metadata; a cover cropped to 1200×630. The articles' covers go through it too.
 */
export async function encodePicture(data: Buffer, kind: 'cover' | 'image'): Promise<Buffer> {
  if (!sniffImageType(data)) throw pictureErrors.type();
  const sharp = await loadSharp();
  try {
    const image = sharp(data, { failOn: 'truncated', limitInputPixels: 40_000_000 }).rotate();
    const sized =
      kind === 'cover'
        ? image.resize(COVER.width, COVER.height, { fit: 'cover', position: 'attention' })
        : image.resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    return await sized.webp({ quality: 82 }).toBuffer();
  } catch {
    throw pictureErrors.image();
  }
}

/** Stores a picture of a post and answers its name (the row is changed by the caller). */
export async function storePostPicture(
  storage: Storage,
  data: Buffer,
  kind: 'cover' | 'image',
): Promise<string> {
  const encoded = await encodePicture(data, kind);
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await storage.put(kind === 'cover' ? coverKey(name) : postImageKey(name), encoded, 'image/webp');
  return name;
}

/** A stored picture of a post for a requested file name, or null (unknown, or not one of our names). */
export async function readPostPicture(
  storage: Storage,
  kind: 'cover' | 'image',
  file: string,
): Promise<Buffer | null> {
  if (!STORED_NAME.test(file)) return null;
  return storage.get(kind === 'cover' ? coverKey(file) : postImageKey(file));
}

/**
 * Replaces a post's cover (author or admin): the right to is checked before the file is stored,
 * the file written before the row changes, the previous one deleted after the commit.
 */
export async function replaceCover(
  deps: { db: Db; storage: Storage; work: UnitOfWork },
  viewer: Viewer,
  id: number,
  data: Buffer,
) {
  await postFor(deps.db, viewer, id, 'write');
  const name = await storePostPicture(deps.storage, data, 'cover');
  return setCover(deps.db, deps.work, viewer, id, name);
}
