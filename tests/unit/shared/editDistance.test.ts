import { closestName, editDistance } from '../../../electron/shared/editDistance';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['customer_name', 'customer_name', 0],
    ['customer_nme', 'customer_name', 1],
    ['customer_nmae', 'customer_name', 1],
    ['custmer_nme', 'customer_name', 2],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('closestName', () => {
  const names = ['customer_name', 'company', 'tone', 'id'];

  it('finds the name a typo most likely meant', () => {
    expect(closestName('customer_nme', names)).toBe('customer_name');
    expect(closestName('Customer_Name', names)).toBe('customer_name');
    expect(closestName('compnay', names)).toBe('company');
    expect(closestName('tome', names)).toBe('tone');
  });

  it('suggests nothing for a name that is known, far off, or too short to judge', () => {
    expect(closestName('company', names)).toBeNull();
    expect(closestName('custmer', names)).toBeNull();
    expect(closestName('to', names)).toBeNull();
    expect(closestName('tn', names)).toBeNull();
    expect(closestName('ID', names)).toBe('id');
  });
});
