/** The one reducer of the Build editor: commands (build-commands.ts) and the save queue's events. */
import { commit, writeReducer, type BuildState, type WriteAction } from "./build-state";
import { runCommand, type CommandAction } from "./build-commands";

export type BuildAction = CommandAction | WriteAction;

export function buildReducer(state: BuildState, action: BuildAction): BuildState {
  if (action.type !== "command") return writeReducer(state, action);
  const performed = runCommand(state, action);
  return performed ? commit(state, performed) : state;
}

/** A command action (`command("move-block-up", {})`). */
export function command<N extends CommandAction["name"]>(name: N, arg: Extract<CommandAction, { name: N }>["arg"]): CommandAction {
  return { type: "command", name, arg } as CommandAction;
}
