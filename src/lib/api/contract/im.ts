import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';

/** Chat upload limits by kind, MB (the /im sendMessage then carries the stored URLs). */
export const IM_UPLOAD_MAX_MB = { image: 10, file: 20, video: 50, sound: 5 } as const;
export type ImUploadKind = keyof typeof IM_UPLOAD_MAX_MB;
export const IM_UPLOAD_TEXTS = {
  noFile: '请选择要发送的文件',
  badKind: '不支持的文件类别',
  tooBig: (mb: number) => `文件不能超过 ${mb} MB`,
  badImage: '图片格式仅支持 JPG、PNG、GIF、WEBP',
  badVideo: '视频格式仅支持 MP4、WEBM、MOV',
  badSound: '语音格式不支持',
};

/** The element payload the upload answers (TIMImageElem… payload fields). */
const imageInfo = z.object({
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
});
const payload = z.union([
  z.object({ imageFormat: z.string(), imageInfoArray: z.array(imageInfo) }),
  z.object({ fileName: z.string(), fileSize: z.number(), fileUrl: z.string() }),
  z.object({
    videoUrl: z.string(),
    videoSecond: z.number(),
    videoSize: z.number(),
    videoFormat: z.string(),
    thumbUrl: z.string(),
    thumbWidth: z.number(),
    thumbHeight: z.number(),
  }),
  z.object({ url: z.string(), second: z.number(), size: z.number() }),
]);

export const imApi = {
  config: defineEndpoint({
    path: '/im/config',
    summary: '聊天配置：提供方、SDKAppID、WebSocket 路径、音视频 ICE 服务器',
    tags: ['聊天'],
    access: 'public',
    input: noInput,
    output: z.object({
      provider: z.enum(['local', 'tim']),
      sdkAppID: z.number(),
      wsPath: z.string(),
      iceServers: z.array(
        z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
      ),
    }),
  }),
  /** multipart/form-data: `kind` (image|file|video|sound) and `file`. */
  upload: defineEndpoint({
    path: '/im/upload',
    summary: '上传聊天图片、文件、视频或语音（multipart：kind、file）',
    tags: ['聊天'],
    access: 'member',
    input: z.object({ kind: z.enum(['image', 'file', 'video', 'sound']) }),
    output: z.object({ payload }),
  }),
};
