import { type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FIELD_BORDER_CLASS,
  FIELD_BORDER_INVALID_CLASS,
  FIELD_CONTROL_CLASS,
  FIELD_ERROR_CLASS,
  FIELD_HINT_CLASS,
  FIELD_LABEL_CLASS,
} from './field-styles';

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
  label: string;
  name: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** Spec §5: number inputs take cents unless told otherwise. */
export const NUMBER_INPUT_DEFAULT_STEP = 0.01;

function lengthOf(value: InputHTMLAttributes<HTMLInputElement>['value']): number | null {
  if (value === undefined || value === null) return null;
  return String(value).length;
}

export function Input({
  label,
  name,
  error,
  required,
  maxLength,
  type = 'text',
  step,
  id,
  className = '',
  value,
  defaultValue,
  onChange,
  onBlur,
  ref,
  ...rest
}: InputProps) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  const inputId = id ?? `${name}-${generatedId}`;
  const [isTouched, setIsTouched] = useState(false);
  const [ownLength, setOwnLength] = useState(() => lengthOf(defaultValue) ?? 0);
  const length = lengthOf(value) ?? ownLength;

  const isMissing = Boolean(required) && isTouched && length === 0;
  const message = isMissing ? t('common:validation.required') : error;
  const messageId = `${inputId}-message`;
  const counterId = `${inputId}-counter`;
  const describedBy = [message ? messageId : null, maxLength ? counterId : null].filter(Boolean).join(' ');

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setOwnLength(event.target.value.length);
    onChange?.(event);
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setIsTouched(true);
    onBlur?.(event);
  };

  return (
    <div className={className}>
      <label htmlFor={inputId} className={FIELD_LABEL_CLASS}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        ref={ref}
        id={inputId}
        name={name}
        type={type}
        step={type === 'number' ? (step ?? NUMBER_INPUT_DEFAULT_STEP) : step}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        onBlur={handleBlur}
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${FIELD_CONTROL_CLASS} ${message ? FIELD_BORDER_INVALID_CLASS : FIELD_BORDER_CLASS}`}
        {...rest}
      />
      <div className="flex items-start justify-between gap-2">
        {message ? (
          <p id={messageId} className={FIELD_ERROR_CLASS}>
            {message}
          </p>
        ) : (
          <span />
        )}
        {maxLength ? (
          <span id={counterId} className={`mt-1 shrink-0 ${FIELD_HINT_CLASS}`}>
            {length}/{maxLength}
          </span>
        ) : null}
      </div>
    </div>
  );
}
