import type { OpenAPIHono } from '@hono/zod-openapi';
import { learnApi } from '~/lib/api/contract/learn';
import { studyApi } from '~/lib/api/contract/study';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { chapterList, courseChapters, deleteChapter, saveChapter } from './chapters.service';
import { deleteNote, lessonNotesOf, myNotes, saveNote } from './notes.service';
import { courseProgress, recordProgress } from './progress.service';
import { courseStudents, studyStats } from './students.service';

/** 学习: trusted progress and 学习时长, 招式 chapters, timestamped notes, a seller's learners. */
export function registerLearn(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, studyApi.progress, ({ input, user }) => recordProgress(user.id, input));
  endpoint(api, studyApi.courseProgress, ({ input, user }) => courseProgress(user.id, input.course_id));
  endpoint(api, learnApi.courseChapters, ({ input }) => courseChapters(input.course_id));
  endpoint(api, learnApi.chapterList, ({ input, user }) => chapterList(user.id, input.lesson_id));
  endpoint(api, learnApi.chapterSave, ({ input, user }) => saveChapter(user.id, input));
  endpoint(api, learnApi.chapterDelete, ({ input, user }) => deleteChapter(user.id, input.id));
  endpoint(api, learnApi.notes, ({ input, user }) => lessonNotesOf(user.id, input.lesson_id));
  endpoint(api, learnApi.noteSave, ({ input, user }) => saveNote(user.id, input));
  endpoint(api, learnApi.noteDelete, ({ input, user }) => deleteNote(user.id, input.id));
  endpoint(api, learnApi.myNotes, ({ input, user }) => myNotes(user.id, input.page, input.limit));
  endpoint(api, learnApi.studyStats, ({ user }) => studyStats(user.id));
  endpoint(api, learnApi.courseStudents, ({ input, user }) => courseStudents(user.id, input.course_id, input.page, input.limit));
}
