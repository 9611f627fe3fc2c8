import { type Ref, type SelectHTMLAttributes, useId } from 'react';
import {
  FIELD_BORDER_CLASS,
  FIELD_BORDER_INVALID_CLASS,
  FIELD_CONTROL_CLASS,
  FIELD_ERROR_CLASS,
  FIELD_LABEL_CLASS,
} from './field-styles';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & {
  label: string;
  name: string;
  options: SelectOption[];
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({ label, name, options, error, id, className = '', required, ref, ...rest }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? `${name}-${generatedId}`;
  const messageId = `${selectId}-message`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={FIELD_LABEL_CLASS}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <select
        ref={ref}
        id={selectId}
        name={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`${FIELD_CONTROL_CLASS} ${error ? FIELD_BORDER_INVALID_CLASS : FIELD_BORDER_CLASS}`}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={messageId} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      )}
    </div>
  );
}
