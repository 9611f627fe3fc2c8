import { Input } from './input';

type DayRangeInputsProps = {
  /** yyyy-mm-dd as the date inputs give them (the browser's zone); '' when not chosen. */
  fromDay: string;
  toDay: string;
  labels: { from: string; to: string };
  onChange(next: { fromDay?: string; toDay?: string }): void;
};

/** A list filter's From and To days, each bounded by the other so a backwards range cannot be chosen. */
export function DayRangeInputs({ fromDay, toDay, labels, onChange }: DayRangeInputsProps) {
  return (
    <>
      <Input
        label={labels.from}
        name="fromDay"
        type="date"
        value={fromDay}
        max={toDay || undefined}
        onChange={(event) => onChange({ fromDay: event.target.value })}
      />
      <Input
        label={labels.to}
        name="toDay"
        type="date"
        value={toDay}
        min={fromDay || undefined}
        onChange={(event) => onChange({ toDay: event.target.value })}
      />
    </>
  );
}
