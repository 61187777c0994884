import { ScrollRow } from "../../platform/ui/ScrollRow.tsx";

export type Course = { key: string | number; href: string; name: string };

/**
 * A menu's courses (its categories) as chips that jump to their sections, in a bar that stays under
 * the header. A menu of many courses outgrows the screen: the chips scroll sideways, and say so.
 */
export function CourseBar({
  label,
  courses,
  className = "",
}: {
  label: string;
  courses: Course[];
  className?: string;
}) {
  return (
    <nav
      aria-label={label}
      className={`sticky top-16 z-30 -mx-4 bg-white px-4 py-2 lg:top-20 ${className}`}
      data-course-bar
    >
      <ScrollRow>
        {/* Room above and below for a focused chip's outline, which the scrolling row would cut. */}
        <ul className="flex w-max gap-2 py-1">
          {courses.map((course) => (
            <li key={course.key}>
              <a
                href={course.href}
                className="block whitespace-nowrap rounded-full border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800 hover:border-brand hover:text-brand"
              >
                {course.name}
              </a>
            </li>
          ))}
        </ul>
      </ScrollRow>
    </nav>
  );
}
