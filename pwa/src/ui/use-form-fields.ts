import { useState } from 'react';

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * The typed values of a form and their messages: `field(name)` gives a TextField/PasswordField its id
 * (`<prefix>-<name>`), value, message and a change handler that clears the message; `show(found)`
 * displays what a schema/ rule found and moves focus to the first field in error (false when there is one).
 */
export function useFormFields<T extends Record<string, string>>(prefix: string, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});

  const field = (name: keyof T & string) => ({
    id: `${prefix}-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((old) => ({ ...old, [name]: undefined }));
    },
  });

  const show = (found: Errors<T>, order: readonly (keyof T & string)[] = Object.keys(found)): boolean => {
    setErrors(found);
    const first = order.find((name) => found[name]);
    if (first) document.getElementById(`${prefix}-${first}`)?.focus();
    return !first;
  };

  return { values, setValues, errors, field, show };
}
