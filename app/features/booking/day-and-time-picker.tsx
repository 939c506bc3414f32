import type { SlotTime } from '#common/booking/slot-days.ts';
import type { OpenDay } from './booking-times.ts';
import { DayCalendar } from './day-calendar.tsx';
import { TimeList } from './time-list.tsx';
import { ZonePicker } from './zone-picker.tsx';

/**
 * The step before the details: the visitor's zone, the open days, and the chosen day's times. Each
 * pick is a link (or the zone's form) without JavaScript, and `onPick…` in place with it.
 */
export function DayAndTimePicker(props: {
  path: string;
  zone: string;
  zones: readonly string[];
  studioZone: string;
  /** The type the zone form keeps (null on the reschedule page, whose address names none). */
  keepType: string | null;
  days: OpenDay[];
  day: OpenDay | null;
  times: SlotTime[];
  hrefOfDay: (date: string) => string;
  hrefOfStart: (start: string) => string;
  onPickZone: (tz: string) => void;
  onPickDay: (date: string) => void;
  onPickStart: (start: string) => void;
  timesHeading: React.Ref<HTMLHeadingElement>;
}) {
  const { day } = props;
  return (
    <div className="grid gap-8">
      <ZonePicker
        action={props.path}
        zone={props.zone}
        zones={props.zones}
        keep={{ type: props.keepType, day: day?.date ?? null }}
        onPick={props.onPickZone}
      />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-12">
        <DayCalendar days={props.days} selected={day?.date ?? null} hrefOf={props.hrefOfDay} onPick={props.onPickDay} />
        <TimeList
          day={day}
          times={props.times}
          visitorZone={props.zone}
          studioZone={props.studioZone}
          hrefOf={props.hrefOfStart}
          onPick={props.onPickStart}
          headingRef={props.timesHeading}
        />
      </div>
    </div>
  );
}
