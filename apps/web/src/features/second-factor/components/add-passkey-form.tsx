import { PASSKEY_NAME_MAX_LENGTH } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { usePasskeyErrorMessage } from '../../../lib/passkey-prompt-error';
import { useAddPasskey } from '../api/passkeys';

/** Names a new passkey and asks the browser to make it; a first factor answers the recovery codes. */
export function AddPasskeyForm({ onAdded }: { onAdded(recoveryCodes: readonly string[]): void }) {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const errorMessage = usePasskeyErrorMessage();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!name.trim()) return;
    add.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName('');
        setIsSubmitted(false);
        onAdded(answer.recoveryCodes);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-sm flex-col gap-3">
      {add.isError ? <FormError>{errorMessage(add.error)}</FormError> : null}
      <Input
        label={t('accountSecurity:passkey.name')}
        name="passkeyName"
        placeholder={t('accountSecurity:passkey.namePlaceholder')}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={isSubmitted && !name.trim() ? t('auth:common.required') : undefined}
      />
      <Button type="submit" variant="primary" isLoading={add.isPending}>
        {t('accountSecurity:passkey.add')}
      </Button>
    </form>
  );
}
