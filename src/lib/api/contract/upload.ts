import { z } from 'zod';
import { UPLOAD_FOLDERS, UPLOAD_TEXTS, type UploadFolder } from '../../rules/upload';
import { defineEndpoint } from '../define';

export { UPLOAD_FOLDERS, UPLOAD_TEXTS, type UploadFolder };

/** /api/uploader_img_base64 (SPEC §7). */
export const uploadApi = {
  imageBase64: defineEndpoint({
    path: '/uploader_img_base64',
    summary: '上传图片（base64 或 data URL）',
    tags: ['上传'],
    access: 'member',
    input: z.object({
      image: z.string({ error: UPLOAD_TEXTS.empty }).min(1, UPLOAD_TEXTS.empty),
      type: z.enum(UPLOAD_FOLDERS).default('common'),
    }),
    output: z.object({ path: z.string().describe('存储路径，保存资料时提交'), url: z.string().describe('可直接显示的地址') }),
    okMsg: '上传成功',
  }),
};
