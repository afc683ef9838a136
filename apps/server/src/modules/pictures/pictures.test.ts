import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActivities, users } from '../../db/schema';
import { localStorage } from '../../plugins/storage';
import { filesUnder, fullDisk } from '../../test/full-disk';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let png: Buffer;
let jpegWithExif: Buffer;
let webp: Buffer;
beforeAll(async () => {
  ctx = await createTestApp();
  const image = sharp({ create: { width: 900, height: 700, channels: 3, background: '#2f9e44' } });
  png = await image.clone().png().toBuffer();
  jpegWithExif = await image
    .clone()
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera' } } })
    .toBuffer();
  webp = await image.clone().webp().toBuffer();
});
afterAll(() => ctx.close());

const photo = (data: Buffer, name = 'photo.png', type = 'image/png') => ({ name, type, data });
const current = async (id: number) => (await ctx.app.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/v1/user/profile', () => {
  it.each([
    ['PNG', () => png],
    ['JPEG', () => jpegWithExif],
    ['WebP', () => webp],
  ])('accepts a %s, re-encodes it as a 512×512 WebP without metadata, and serves it', async (_t, data) => {
    const { user, client } = await signedInClient(ctx.app);
    const res = await client.upload('/api/v1/user/profile', 'photo', photo(data()));
    expect(res.statusCode).toBe(200);
    const { profilePicture } = res.json();
    expect(profilePicture).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect((await current(user.id)).profilePicture).toBe(profilePicture);

    const served = await new TestClient(ctx.app).get(`/api/v1/user/upload/${profilePicture}?type=profile`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-gps-and-camera'))).toBe(false);
  });

  it('replaces the previous avatar and deletes its file; logs the activity', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const first = (await client.upload('/api/v1/user/profile', 'photo', photo(png))).json().profilePicture;
    const second = (await client.upload('/api/v1/user/profile', 'photo', photo(webp))).json().profilePicture;
    expect(second).not.toBe(first);
    expect((await client.get(`/api/v1/user/upload/${first}?type=profile`)).statusCode).toBe(404);
    expect((await client.get(`/api/v1/user/upload/${second}?type=profile`)).statusCode).toBe(200);
    const actions = await ctx.app.db.select().from(userActivities).where(eq(userActivities.userId, user.id));
    expect(actions.filter((a) => a.action === 'update-profile-picture')).toHaveLength(2);
  });

  describe('refuses bad files with 422 and keeps the previous picture', () => {
    let client: TestClient;
    let userId: number;
    let kept: string;
    beforeAll(async () => {
      const signedIn = await signedInClient(ctx.app);
      client = signedIn.client;
      userId = signedIn.user.id;
      kept = (await client.upload('/api/v1/user/profile', 'photo', photo(png))).json().profilePicture;
    });

    it.each([
      [
        'a text file renamed .jpg',
        () => photo(Buffer.from('hello, this is not an image at all'), 'photo.jpg', 'image/jpeg'),
        { rule: 'fileType', message: 'The photo must be a JPEG, PNG or WebP image' },
      ],
      [
        'a 6 MB file',
        () => photo(Buffer.concat([png.subarray(0, 8), Buffer.alloc(6 * 1024 * 1024, 1)]), 'big.png'),
        { rule: 'fileSize', message: 'The photo must not be larger than 5 MB' },
      ],
      [
        'a truncated image',
        () => photo(jpegWithExif.subarray(0, Math.floor(jpegWithExif.length / 2)), 'cut.jpg', 'image/jpeg'),
        { rule: 'image', message: 'The photo is not a valid image' },
      ],
      [
        'an SVG declared as PNG',
        () => photo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
        { rule: 'fileType' },
      ],
    ])('%s', async (_name, file, expected) => {
      const res = await client.upload('/api/v1/user/profile', 'photo', file());
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'E_VALIDATION_ERROR',
        message: 'Validation failure',
        errors: [{ field: 'photo', ...expected }],
      });
      expect((await current(userId)).profilePicture).toBe(kept);
      expect((await client.get(`/api/v1/user/upload/${kept}?type=profile`)).statusCode).toBe(200);
    });

    it('a request without the photo field', async () => {
      const res = await client.upload('/api/v1/user/profile', 'avatar', photo(png));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'photo', rule: 'required', message: 'The photo field must be defined' },
      ]);
      const json = await client.post('/api/v1/user/profile', { photo: 'x' });
      expect(json.statusCode).toBe(422);
      expect((await current(userId)).profilePicture).toBe(kept);
    });

    const part = (data: Buffer, boundary = 'closia-boundary') =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
      ]);
    const malformed = { code: 'E_BAD_REQUEST', message: 'Malformed multipart body' };

    it.each([
      ['multipart/form-data without a boundary', 'multipart/form-data', () => part(png)],
      [
        'a whole image without the closing boundary',
        'multipart/form-data; boundary=closia-boundary',
        () => part(png),
      ],
      [
        'a part cut in its headers',
        'multipart/form-data; boundary=closia-boundary',
        () => Buffer.from('--closia-boundary\r\nContent-Disposition: form-da'),
      ],
      [
        'a boundary that never appears',
        'multipart/form-data; boundary=other-boundary',
        () => Buffer.concat([part(png), Buffer.from('\r\n--closia-boundary--\r\n')]),
      ],
    ])('%s: 400, nothing saved changes', async (_name, contentType, body) => {
      for (const url of ['/api/v1/user/profile', '/api/v1/user/banner']) {
        const res = await client.request('POST', url, body(), { headers: { 'content-type': contentType } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(malformed);
      }
      const row = await current(userId);
      expect(row.profilePicture).toBe(kept);
      expect(row.banner).toBeNull();
      expect((await client.get(`/api/v1/user/upload/${kept}?type=profile`)).statusCode).toBe(200);
    });

    it('an empty form: 422 on photo', async () => {
      const res = await client.request('POST', '/api/v1/user/banner', '', {
        headers: { 'content-type': 'multipart/form-data; boundary=closia-boundary' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'photo', rule: 'required', message: 'The photo field must be defined' },
      ]);
      expect((await current(userId)).banner).toBeNull();
    });
  });

  it('on a full disk answers 507 in the envelope, keeps the previous picture and leaves no file', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const kept = (await client.upload('/api/v1/user/profile', 'photo', photo(png))).json().profilePicture;
    const root = mkdtempSync(path.join(tmpdir(), 'closia-full-disk-'));
    const original = ctx.app.storage;
    // The disk has 32 bytes left: the re-encoded WebP starts to be written, then ENOSPC.
    ctx.app.storage = localStorage(root, { createWriteStream: fullDisk(32) });
    try {
      for (const url of ['/api/v1/user/profile', '/api/v1/user/banner']) {
        const res = await client.upload(url, 'photo', photo(png));
        expect(res.statusCode, url).toBe(507);
        expect(res.json()).toEqual({
          code: 'E_INSUFFICIENT_STORAGE',
          message: 'Espace de stockage insuffisant : le fichier n’a pas été enregistré. Réessayez plus tard.',
        });
      }
      expect(filesUnder(root)).toEqual([]);
    } finally {
      ctx.app.storage = original;
      rmSync(root, { recursive: true, force: true });
    }
    const row = await current(user.id);
    expect(row.profilePicture).toBe(kept);
    expect(row.banner).toBeNull();
    expect((await client.get(`/api/v1/user/upload/${kept}?type=profile`)).statusCode).toBe(200);
  });

  it('is refused when anonymous or without the CSRF header', async () => {
    const anonymous = await new TestClient(ctx.app).upload('/api/v1/user/profile', 'photo', photo(png));
    expect(anonymous.statusCode).toBe(401);
    const { client } = await signedInClient(ctx.app);
    const noCsrf = await client.upload('/api/v1/user/profile', 'photo', photo(png), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('POST /api/v1/user/banner and DELETE', () => {
  it('stores a 1600×400 banner, served without type=profile; removal deletes it', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const res = await client.upload('/api/v1/user/banner', 'photo', photo(png));
    expect(res.statusCode).toBe(200);
    const { banner } = res.json();
    const served = await client.get(`/api/v1/user/upload/${banner}`);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1600, height: 400 });
    // An avatar request does not reach banners.
    expect((await client.get(`/api/v1/user/upload/${banner}?type=profile`)).statusCode).toBe(404);

    expect((await client.delete('/api/v1/user/banner')).statusCode).toBe(204);
    expect((await current(user.id)).banner).toBeNull();
    expect((await client.get(`/api/v1/user/upload/${banner}`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).delete('/api/v1/user/banner')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/upload/{file}', () => {
  it.each([
    '..%2F..%2Fapp-key',
    '..%2Fprofiles%2Fx.webp',
    '%2Fetc%2Fpasswd',
    '....%2F%2F....%2F%2Fapp-key',
    'app-key',
    '..',
  ])('never leaves the uploads folder: %s → 404', async (file) => {
    for (const type of ['profile', 'banner']) {
      const res = await ctx.app.inject({ url: `/api/v1/user/upload/${file}?type=${type}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(ctx.app.config.appKey);
    }
  });

  it('refuses a NUL in the file name before looking for it (422 invalidCharacters)', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/user/upload/${'a'.repeat(32)}.webp%00.png?type=profile`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      errors: [
        {
          field: 'file',
          rule: 'invalidCharacters',
          message: 'The file field must not contain NUL characters or unpaired surrogates',
        },
      ],
    });
  });

  it('answers 404 for an unknown picture', async () => {
    const res = await ctx.app.inject({ url: `/api/v1/user/upload/${'0'.repeat(32)}.webp?type=profile` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'File not found' });
  });
});
