import { expect, it } from 'vitest';
import { namedLines } from './PeopleModal.tsx';

it('names the people the server refused by id, and leaves other lines and unknown ids as they are', () => {
  const chosen = [
    { id: 12, name: 'Ana Lee' },
    { id: 3, name: 'Ben Ode' },
  ];
  expect(namedLines(['Person 12 is not a colleague of your account', 'Person 31 does not exist', 'You cannot invite yourself'], chosen)).toEqual([
    'Ana Lee is not a colleague of your account',
    'Person 31 does not exist',
    'You cannot invite yourself',
  ]);
});
