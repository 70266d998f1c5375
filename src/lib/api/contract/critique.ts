import { z } from 'zod';
import { CRITIQUE_COLOURS, CRITIQUE_LIMITS, VERDICTS, type CritiqueShape } from '../../rules/critique';
import { CRITIQUE_TEXTS } from '../../rules/critique-texts';
import { defineEndpoint } from '../define';
import { decimalValue, flagField, idField, intField, isoTime, textField } from '../fields';

const tags = ['作业点评'];

/** A point of a drawing: fractions of the frame, 0–1 from the top-left. */
const point = z.tuple([decimalValue('图形坐标', 0, 1), decimalValue('图形坐标', 0, 1)], { error: CRITIQUE_TEXTS.badShape });
const colour = z.enum(CRITIQUE_COLOURS, { error: CRITIQUE_TEXTS.badShape });

/** One drawn shape (lib/rules/critique.ts), vector data as stored. */
export const critiqueShapeSchema: z.ZodType<CritiqueShape> = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('line'), a: point, b: point, colour }).strict(),
    z.object({ kind: z.literal('arrow'), a: point, b: point, colour }).strict(),
    z.object({ kind: z.literal('circle'), c: point, r: decimalValue('圆的半径', 0, 1), colour }).strict(),
    z.object({ kind: z.literal('angle'), a: point, vertex: point, b: point, colour }).strict(),
  ],
  { error: CRITIQUE_TEXTS.badShape },
);

/** A comment and drawing pinned at a moment of the clip (seconds, tenths kept). */
export const critiqueMarkSchema = z
  .object({
    at: decimalValue('点评时间', 0, 86_400),
    text: textField('点评内容', CRITIQUE_LIMITS.textMax).default(''),
    shapes: z.array(critiqueShapeSchema).max(CRITIQUE_LIMITS.shapesPerMark, CRITIQUE_TEXTS.tooManyShapes).default([]),
  })
  .strict();

/** The critique as the coach left it ('' / null until reviewed). */
export const critiqueSchema = z.object({
  status: z.enum(['new', 'reviewed']),
  score: z.number().int().min(0).max(100).nullable(),
  verdict: z.enum([...VERDICTS, '']),
  summary: z.string(),
  marks: z.array(critiqueMarkSchema),
  voice: z.string().describe('语音点评的存储路径（再次提交点评时原样提交即保留）'),
  voice_url: z.string().describe('语音点评的临时播放地址（签名）；没有语音为空'),
  voice_s: z.number().int().describe('语音时长（秒）'),
  reviewed_at: isoTime().nullable(),
  reviewer: z.string().describe('点评人的公开名称；未点评为空'),
  excellent: z.boolean().describe('教练标记为优秀作业'),
  consent: z.boolean().describe('学员同意在课程页展示'),
});
export type Critique = z.output<typeof critiqueSchema>;

/** The learner's clip: a signed URL, its poster and length. */
const clipSchema = z.object({
  url: z.string().describe('作业视频的临时播放地址（签名）'),
  poster: z.string(),
  duration_s: z.number().int(),
  note: z.string().describe('学员提交时的说明'),
  attempt: z.number().int(),
  submitted_at: isoTime(),
});

/** One submission with everything its critique page shows. */
export const critiqueViewSchema = z.object({
  id: z.number().int(),
  learner: z.object({ name: z.string(), avatar: z.string() }),
  assignment: z.object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    kind: z.enum(['lesson', 'class']),
    course_id: z.number().int().nullable(),
  }),
  clip: clipSchema,
  reference: z
    .object({ lesson_id: z.number().int(), title: z.string(), url: z.string(), duration_s: z.number().int() })
    .nullable()
    .describe('对照的课时视频（签名地址）；班级作业没有对照视频；学员视图不返回'),
  critique: critiqueSchema,
});
export type CritiqueView = z.output<typeof critiqueViewSchema>;

/** A clip on the course page's 优秀作业 strip. */
export const excellentClipSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('学员的公开名称'),
  poster: z.string(),
  url: z.string().describe('作业视频的临时播放地址（签名）'),
  score: z.number().int().nullable(),
  title: z.string().describe('作业标题'),
});
export type ExcellentClip = z.output<typeof excellentClipSchema>;

const idInput = z.object({ id: idField('作业 id') });

export const critiqueApi = {
  review: defineEndpoint({
    path: '/seller/homework/critique',
    summary: '打开一份作业点评（作业视频、对照课时视频与已有点评；只限本人课程或班级的作业）',
    tags,
    access: 'seller',
    input: idInput,
    output: critiqueViewSchema,
  }),
  save: defineEndpoint({
    path: '/seller/homework/critiqueSave',
    summary: '提交点评：评分、结论、总评、钉在时间点上的评语和图形、语音；首次点评通知学员，再次提交就地更新',
    tags,
    access: 'seller',
    input: z.object({
      id: idField('作业 id'),
      score: intField('评分', { max: 100, column: 'smallint', msg: CRITIQUE_TEXTS.badScore }),
      verdict: z.enum(VERDICTS, { error: CRITIQUE_TEXTS.badVerdict }),
      summary: textField('总评', CRITIQUE_LIMITS.summaryMax).default(''),
      marks: z.array(critiqueMarkSchema).max(CRITIQUE_LIMITS.marks, CRITIQUE_TEXTS.tooManyMarks).default([]),
      voice: z.string().max(400).default('').describe('语音点评的存储路径（本人上传的语音）；空为没有语音'),
      voice_s: intField('语音时长', { max: CRITIQUE_LIMITS.voiceMaxS, column: 'smallint', msg: CRITIQUE_TEXTS.voiceTooLong }).default(0),
    }),
    output: z.object({ id: z.number().int(), status: z.literal('reviewed'), first: z.boolean().describe('是否首次点评（已通知学员）') }),
    okMsg: '点评已提交',
  }),
  voice: defineEndpoint({
    path: '/seller/homework/critiqueVoice',
    summary: '上传语音点评（webm / ogg / mp4 音频，base64 或 data URL；私密保存）',
    tags,
    access: 'seller',
    input: z.object({
      audio: z.string({ error: CRITIQUE_TEXTS.voiceEmpty }).min(1, CRITIQUE_TEXTS.voiceEmpty),
      seconds: intField('语音时长', { min: 1, max: CRITIQUE_LIMITS.voiceMaxS, column: 'smallint', msg: CRITIQUE_TEXTS.voiceTooLong }),
    }),
    output: z.object({ path: z.string().describe('提交点评时提交'), url: z.string().describe('临时播放地址') }),
    okMsg: '语音已上传',
  }),
  excellent: defineEndpoint({
    path: '/seller/homework/excellent',
    summary: '标记或取消优秀作业（学员同意后在课程页展示）',
    tags,
    access: 'seller',
    input: z.object({ id: idField('作业 id'), excellent: flagField('excellent') }),
    output: z.object({ excellent: z.boolean(), consent: z.boolean() }),
  }),
  mine: defineEndpoint({
    path: '/member/homework/critique',
    summary: '我的作业点评（只限本人的作业）',
    tags,
    access: 'member',
    input: idInput,
    output: critiqueViewSchema,
  }),
  consent: defineEndpoint({
    path: '/member/homework/consent',
    summary: '同意或撤回在课程页展示我的优秀作业',
    tags,
    access: 'member',
    input: z.object({ id: idField('作业 id'), consent: flagField('consent') }),
    output: z.object({ excellent: z.boolean(), consent: z.boolean() }),
  }),
  showcase: defineEndpoint({
    path: '/course/excellentHomework',
    summary: '课程的优秀作业（教练标记且学员同意展示的作业）',
    tags,
    access: 'public',
    input: z.object({ course_id: idField('课程 id') }),
    output: z.object({ list: z.array(excellentClipSchema) }),
  }),
};
