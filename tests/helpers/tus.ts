import type { TestApi } from './api';

/**
 * Uploads bytes through the tus endpoint like tus-js-client does (create, then PATCH in chunks);
 * answers the create and the final PATCH responses. A finished upload's video id is the last
 * response's `Upload-Video-Id` header.
 */
export async function tusUpload(t: TestApi, bytes: Buffer, voucher: string, name = 'lesson.mp4', chunk = 8192) {
  const meta = `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
  const created = await t.app.request('/api/tus', {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta, 'Upload-Voucher': voucher },
  });
  if (created.status !== 201) return { created, last: created, location: '' };
  const location = created.headers.get('location')!;
  let offset = 0;
  let last: Response = created;
  while (offset < bytes.length) {
    const part = bytes.subarray(offset, offset + chunk);
    last = await t.app.request(location, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Voucher': voucher,
      },
      body: new Uint8Array(part),
    });
    if (last.status !== 204) break;
    offset = Number(last.headers.get('upload-offset'));
  }
  return { created, last, location };
}
