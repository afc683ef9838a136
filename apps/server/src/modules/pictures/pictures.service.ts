import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type Sharp from 'sharp';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { logActivity } from '../../lib/activity';
import { fieldError } from '../../lib/errors';
import type { Storage } from '../../plugins/storage';
import type { UnitOfWork } from '../../plugins/unit-of-work';

/** sharp, a native addon, is loaded at the first picture rather than at every start. */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
};

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

export type PictureKind = 'profile' | 'banner';

const variants = {
  profile: {
    folder: 'profiles',
    width: 512,
    height: 512,
    column: 'profilePicture',
    activity: 'update-profile-picture',
  },
  banner: { folder: 'banners', width: 1600, height: 400, column: 'banner', activity: 'update-banner' },
} as const;

/** Stored names are random: 32 hex characters + .webp. Anything else is not ours. */
const STORED_NAME = /^[a-f0-9]{32}\.webp$/;

export const pictureErrors = {
  missing: () => fieldError('photo', 'required', 'The photo field must be defined'),
  type: () => fieldError('photo', 'fileType', 'The photo must be a JPEG, PNG or WebP image'),
  size: () =>
    fieldError('photo', 'fileSize', 'The photo must not be larger than 5 MB', { max: MAX_PICTURE_BYTES }),
  image: () => fieldError('photo', 'image', 'The photo is not a valid image'),
};

/** The image type from the first bytes, whatever the file's name or declared type say. */
export function sniffImageType(data: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Decodes, orients, crops to the variant's size and re-encodes as WebP without metadata. */
async function reencode(data: Buffer, kind: PictureKind): Promise<Buffer> {
  const { width, height } = variants[kind];
  const sharp = await loadSharp();
  try {
    return await sharp(data, { failOn: 'truncated', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw pictureErrors.image();
  }
}

/**
 * Replaces the user's avatar or banner. The new file is written before the row changes and the
 * old one deleted after, so a failure at any point leaves the previous picture in place.
 */
export async function replacePicture(
  deps: { db: Db; storage: Storage; work: UnitOfWork; request?: FastifyRequest },
  userId: number,
  kind: PictureKind,
  data: Buffer,
): Promise<string> {
  if (!sniffImageType(data)) throw pictureErrors.type();
  const encoded = await reencode(data, kind);
  const variant = variants[kind];
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await deps.storage.put(`${variant.folder}/${name}`, encoded, 'image/webp');

  await swapPicture(deps, userId, kind, name);
  await logActivity(deps.db, userId, variant.activity, deps.request);
  return name;
}

export async function removePicture(deps: { db: Db; work: UnitOfWork }, userId: number, kind: PictureKind) {
  await swapPicture(deps, userId, kind, null);
}

/**
 * Points the user's picture column at `name` (or null); the file it replaced is deleted and the
 * user's cached session forgotten after the commit.
 */
async function swapPicture(
  deps: { db: Db; work: UnitOfWork },
  userId: number,
  kind: PictureKind,
  name: string | null,
) {
  const column = variants[kind].column;
  const [before] = await deps.db.select({ previous: users[column] }).from(users).where(eq(users.id, userId));
  await deps.db
    .update(users)
    .set({ [column]: name })
    .where(eq(users.id, userId));
  const replaced = pictureKey(kind, before?.previous ?? null);
  if (replaced) deps.work.deleteFile(replaced);
  deps.work.forget({ user: userId });
}

/** The storage key of a stored picture; null for external URLs (http…) and unknown names. */
export const pictureKey = (kind: PictureKind, name: string | null): string | null =>
  name && STORED_NAME.test(name) ? `${variants[kind].folder}/${name}` : null;

/** The stored picture for a requested file name, or null (unknown, or not one of our names). */
export async function readPicture(storage: Storage, kind: PictureKind, file: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(file)) return null;
  return storage.get(`${variants[kind].folder}/${file}`);
}

/** Images sent with messages: at most this wide and high once re-encoded (proportions kept). */
const ATTACHMENT_MAX_SIDE = 1600;

export const attachmentErrors = {
  type: () => fieldError('image', 'fileType', 'The image must be a JPEG, PNG or WebP image'),
  size: () =>
    fieldError('image', 'fileSize', 'The image must not be larger than 5 MB', { max: MAX_PICTURE_BYTES }),
  image: () => fieldError('image', 'image', 'The image is not a valid image'),
};

/**
 * Stores an image sent with a message, with the checks of the pictures: type read from its first
 * bytes, decoded and re-encoded as WebP (at most 1600 px a side), metadata stripped.
 */
export async function storeAttachment(
  storage: Storage,
  data: Buffer,
): Promise<{ name: string; width: number; height: number }> {
  if (!sniffImageType(data)) throw attachmentErrors.type();
  let encoded: { data: Buffer; info: Sharp.OutputInfo };
  const sharp = await loadSharp();
  try {
    encoded = await sharp(data, { failOn: 'truncated', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(ATTACHMENT_MAX_SIDE, ATTACHMENT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw attachmentErrors.image();
  }
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await storage.put(`attachments/${name}`, encoded.data, 'image/webp');
  return { name, width: encoded.info.width, height: encoded.info.height };
}

export async function readAttachment(storage: Storage, name: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(name)) return null;
  return storage.get(`attachments/${name}`);
}

/** A team's avatar, square like a user's: stored under teams/, answers its name. */
export async function storeTeamAvatar(storage: Storage, data: Buffer): Promise<string> {
  if (!sniffImageType(data)) throw pictureErrors.type();
  const encoded = await reencode(data, 'profile');
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await storage.put(`teams/${name}`, encoded, 'image/webp');
  return name;
}

export async function readTeamAvatar(storage: Storage, name: string): Promise<Buffer | null> {
  return STORED_NAME.test(name) ? storage.get(`teams/${name}`) : null;
}

/** The storage key of a stored team avatar; null for external URLs and unknown names. */
export const teamAvatarKey = (name: string | null): string | null =>
  name && STORED_NAME.test(name) ? `teams/${name}` : null;
