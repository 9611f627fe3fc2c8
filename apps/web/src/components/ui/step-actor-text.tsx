import type { StepActor } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';

/** Who took a timeline step, in words: "by Ana (operator)", "by the phone Pixel-07", "by the customer". */
export function StepActorText({ actor }: { actor: StepActor }) {
  const { t } = useTranslation('common');
  return (
    <span className="text-gray-600 dark:text-gray-400">
      · {t(`common:stepActors.${actor.kind}`, { name: actor.name ?? t('common:stepActors.unknown') })}
    </span>
  );
}
