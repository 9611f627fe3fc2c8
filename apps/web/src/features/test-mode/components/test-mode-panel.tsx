import { Button } from '../../../components/ui/button';

export type TestOutcomeButton = { key: string; label: string; onClick(): void };

/**
 * What a customer page shows for test mode's money (a test session, a test withdrawal): a TEST
 * badge and banner, and a button for each outcome the test provider can give it now.
 */
export function TestModePanel({
  heading,
  badge,
  banner,
  outcomes,
  isBusy,
}: {
  heading: string;
  badge: string;
  banner: string;
  outcomes: TestOutcomeButton[];
  isBusy: boolean;
}) {
  return (
    <section
      aria-label={heading}
      className="flex flex-col gap-3 rounded-md border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="text-sm">
        <strong className="mr-2 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-950">
          {badge}
        </strong>
        {banner}
      </p>
      {outcomes.length > 0 ? (
        <div className="grid grid-cols-2 gap-2">
          {outcomes.map((outcome) => (
            <Button key={outcome.key} variant="secondary" disabled={isBusy} onClick={outcome.onClick}>
              {outcome.label}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
