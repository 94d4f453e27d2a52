import type { FastifyInstance } from 'fastify';
import type { Caller } from './callers.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * Demo interviews, made through the API: one published as a callout for experts with an
 * answer link and a response, one awaiting an invited expert's answers, one closed early.
 */
export async function seedInterviews(app: FastifyInstance, people: { journalist: Caller; pr: Caller; expert: Caller }): Promise<void> {
  const { journalist, pr, expert } = people;
  const call = async (who: Caller, method: 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { pressroom_session: who.token }, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`demo interviews: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const heat = await call(journalist, 'POST', '/api/v1/interviews', {
    title: 'Heatwaves and the power grid',
    brief: 'For a weekend explainer on why the grid struggles in heatwaves. Two minutes on camera, or a few lines in writing.',
    allowSkip: true,
    questions: [
      { kind: 'video', text: 'In one minute: what happens to the grid on a 45-degree day?', timeLimitSeconds: 60, thinkSeconds: 20, retakes: 2 },
      { kind: 'text', text: 'Which single change would most reduce blackout risk this summer?', maxLength: 1000 },
      { kind: 'text', text: 'Anything readers commonly get wrong about this?', maxLength: 1000 },
    ],
  });
  await call(journalist, 'POST', `/api/v1/callouts/async/${heat.id}`, {
    title: 'Experts on heatwaves and the grid: answer on camera or in writing',
    content: '<p>Short answers for a weekend explainer. Video preferred, text welcome.</p>',
    deadline: inDays(4),
    showQuestions: true,
    allowSkip: true,
    userTypes: ['experts'],
  });
  await call(journalist, 'POST', `/api/v1/interviews/${heat.id}/links`, { type: 'video', label: 'For Dr Lee (by email)' });
  const [, second, third] = heat.questions as { id: number }[];
  await call(expert, 'PUT', `/api/v1/interviews/${heat.id}/answers/${second!.id}`, { text: 'Demand response: paying big users to switch off for an hour at peak.' });
  await call(expert, 'PUT', `/api/v1/interviews/${heat.id}/answers/${third!.id}`, { text: 'That renewables cause the blackouts: most outages start in the distribution network.' });
  await call(expert, 'POST', `/api/v1/interviews/${heat.id}/answers/${heat.questions[0].id}/skip`);
  await call(expert, 'POST', `/api/v1/interviews/${heat.id}/send`);

  const erosion = await call(pr, 'POST', '/api/v1/interviews', {
    title: 'Coastal erosion report: expert reactions',
    brief: 'Collecting independent reactions to the report for journalists asking us.',
    deadline: inDays(7),
    questions: [
      { kind: 'text', text: 'Does the report’s central estimate match your own work?', maxLength: 1500 },
      { kind: 'video', text: 'What should coastal councils do first?', timeLimitSeconds: 90 },
    ],
  });
  await call(pr, 'POST', `/api/v1/interviews/${erosion.id}/publish`);
  await call(pr, 'POST', `/api/v1/interviews/${erosion.id}/invitations`, { userIds: [expert.id] });

  const budget = await call(journalist, 'POST', '/api/v1/interviews', {
    title: 'Budget night: first reactions',
    brief: 'Filled within the hour, thank you all.',
    questions: [{ kind: 'text', text: 'Your one-line reaction to the budget?', maxLength: 280 }],
  });
  await call(journalist, 'POST', `/api/v1/interviews/${budget.id}/publish`);
  await call(journalist, 'POST', `/api/v1/interviews/${budget.id}/close`);
}
