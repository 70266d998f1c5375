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
  /**
   * Verification documents (ID photos, licences, certificates): private, readable only through
   * short-lived signed URLs handed to the uploader and to the reviewing staff.
   */
  document: defineEndpoint({
    path: '/member/uploadDocument',
    summary: '上传证件照片（身份证、营业执照、资质证书；私密保存，仅本人与审核人员可见）',
    tags: ['上传'],
    access: 'member',
    input: z.object({ image: z.string({ error: UPLOAD_TEXTS.empty }).min(1, UPLOAD_TEXTS.empty) }),
    output: z.object({
      path: z.string().describe('存储路径，提交申请时提交（只能提交本人上传的证件照片）'),
      url: z.string().describe('临时查看地址（签名，约 5–10 分钟内有效，勿缓存、勿转发）'),
    }),
    okMsg: '上传成功',
  }),
};
