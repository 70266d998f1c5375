import { useStore } from '@nanostores/react';
import { $watchableCourses } from '~/lib/stores/lesson-player';

/**
 * The course page header's action: 立即购买 in the cached page, 开始学习 (to the player) once the lesson player
 * learns that this viewer may watch every lesson — a buyer is not offered the purchase again.
 */
export default function CourseBuyButton(props: { courseId: number; href: string }) {
  const owned = useStore($watchableCourses).has(props.courseId);
  return owned ? (
    <a className="gf-btn-primary" href="#lesson-player" data-testid="course-start">
      开始学习
    </a>
  ) : (
    <a className="gf-btn-primary" href={props.href}>
      立即购买
    </a>
  );
}
