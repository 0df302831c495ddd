import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { UserCard } from './user-card';

const person = {
  id: 7,
  firstname: 'Anna',
  lastname: 'Schneider',
  title: 'Dr.',
  position: 'Head of Data',
  location_names: ['Berlin', 'Hamburg', 'Munich'],
  special_tasks: ['First aid', 'Fire warden', 'Mentor', 'Works council', 'Safety', 'Hiring', 'Onboarding'],
  img_path: null,
};

const chips = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('UserCard', () => {
  it('shows name with title, position and the profile link over the card', () => {
    renderInApp(<UserCard user={person} />, { path: '/en_GB/who_is_who' });
    const link = screen.getByRole('link', { name: 'Dr. Anna Schneider' });
    expect(link.getAttribute('href')).toBe('/en_GB/who_is_who/7');
    expect(screen.getByText('Head of Data')).toBeTruthy();
  });

  it('shows the status (special_state) by its label, named for assistive technology', () => {
    renderInApp(<UserCard user={{ ...person, special_state: [{ value: 'trainee' }] }} />, {
      path: '/en_GB/who_is_who',
    });
    expect(screen.getByText('Trainee').textContent).toBe('Status: Trainee');
  });

  it('shows no status line without a special_state', () => {
    renderInApp(<UserCard user={{ ...person, special_state: [] }} />, { path: '/en_GB/who_is_who' });
    expect(screen.queryByText(/Status:/)).toBeNull();
  });

  it('caps locations at 1 and special tasks at 5, each with a +N button', () => {
    renderInApp(<UserCard user={person} />, { path: '/en_GB/who_is_who' });
    expect(chips('Locations')).toEqual(['Berlin', '+2']);
    expect(chips('Special tasks')).toEqual([
      'First aid',
      'Fire warden',
      'Mentor',
      'Works council',
      'Safety',
      '+2',
    ]);
  });

  it('expands a list with its +N button and keeps the others capped', async () => {
    renderInApp(<UserCard user={person} />, { path: '/en_GB/who_is_who' });
    await userEvent.click(screen.getByRole('button', { name: '+2 more: Locations' }));
    expect(chips('Locations')).toEqual(['Berlin', 'Hamburg', 'Munich']);
    expect(screen.queryByRole('button', { name: '+2 more: Locations' })).toBeNull();
    expect(chips('Special tasks')).toHaveLength(6);
  });

  it('caps other lists at 5 and shows no button when a list fits', () => {
    const skills = ['SQL', 'Python', 'React', 'Go', 'Rust', 'Kotlin'];
    renderInApp(
      <UserCard
        user={{ ...person, location_names: ['Berlin'], special_tasks: [] }}
        lists={[
          { key: 'skills', label: 'Skills', values: skills },
          { key: 'languages', label: 'Languages', values: ['German', 'English'] },
        ]}
      />,
      { path: '/en_GB/who_is_who' },
    );
    expect(chips('Skills')).toEqual(['SQL', 'Python', 'React', 'Go', 'Rust', '+1']);
    expect(chips('Languages')).toEqual(['German', 'English']);
    expect(chips('Locations')).toEqual(['Berlin']);
    expect(screen.queryByRole('list', { name: 'Special tasks' })).toBeNull();
  });
});
