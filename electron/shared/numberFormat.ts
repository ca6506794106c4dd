/**
 * A number format fixed to en-US (the same digits in every host and test, whatever the machine's
 * locale), made on first use. The first Intl formatter a page or process builds loads Intl's
 * number data: tens of milliseconds in a fresh page, hundreds on a loaded machine. A module that
 * builds its formats when it loads makes every start pay that, though nothing is formatted yet.
 */
export function enUsNumberFormat(options: Intl.NumberFormatOptions = {}): (value: number) => string {
  let format: Intl.NumberFormat | null = null;
  return (value) => (format ??= new Intl.NumberFormat('en-US', options)).format(value);
}
