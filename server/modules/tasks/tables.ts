// The tasks read model (migrations/0018_tasks.ts).
declare module '../../db/schema.ts' {
  interface Database {
    tasks: TasksTable;
  }
}

export interface TasksTable {
  id: number;
  account_id: number;
  title: string;
  assignee_id: number;
  created_by: number;
  due_at: Date;
  state: 'open' | 'done';
  link_kind: 'contact' | 'interview' | 'announcement' | null;
  link_id: number | null;
  created_at: Date;
  updated_at: Date;
  done_at: Date | null;
}
