/** Shared look of form controls, so inputs and selects line up in one form. */
export const FIELD_LABEL_CLASS = 'block text-sm font-medium text-gray-800 dark:text-gray-200';
export const FIELD_CONTROL_CLASS =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-primary-dark disabled:cursor-not-allowed disabled:bg-gray-100 dark:bg-gray-900 dark:text-gray-100 dark:disabled:bg-gray-800';
export const FIELD_BORDER_CLASS = 'border-gray-400 dark:border-gray-600';
export const FIELD_BORDER_INVALID_CLASS = 'border-red-700 dark:border-red-400';
export const FIELD_ERROR_CLASS = 'mt-1 text-sm text-red-700 dark:text-red-400';
export const FIELD_HINT_CLASS = 'text-xs text-gray-600 dark:text-gray-400';
