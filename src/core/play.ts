/**
 * The pictures' model: one plain record per step of a solution, made by a rule set's
 * drawing part (play.ts in each rule set's folder) from its checker's replay, never by the search, and
 * the drawing parts the renderers need (legend, pawn, spare). Renderers (src/show/text.ts,
 * svg.ts, html.ts) read only this model and never test a rule set's name.
 * Coordinates are the facts': 1-based rows from the south, columns from the west.
 */
import type { Direction, Field } from "./grid.js";

/** The board after one step. */
export interface ShowStep {
  /** 0 for the start */
  step: number;
  /** the action that led here, as an atom ("" at the start); in the pictures' coordinates (rows from the south, columns from the west, 1-based) */
  action: string;
  /** the rule set's own name of the action, shown as a secondary label (IPC 2023: the PDDL action, whose positions count otherwise) */
  detail?: string;
  /** opening bits (n 1, s 2, e 4, w 8) of the tile on (row, col), index (row-1)*cols + (col-1) */
  tiles: number[];
  /** the pawn's fields, 0-based indices: its reachable set (competition, game cost pushes) or its one field */
  pawn: number[];
  /** the goal's field now (a goal tile rides along), 1-based */
  goal: Field;
  /** the line pushed by this step, 1-based (a row for e/w, a column for n/s) */
  pushed?: { line: number; direction: Direction };
  /** the spare tile's opening bits (board game) */
  spare?: number;
}

/** What a rule set tells the renderers about drawing its boards. */
export interface Drawing {
  /** the text picture's legend line (text.ts) */
  legend: string;
  /**
   * the pawn as a circle (svg.ts): "single" when the pawn has one field (the competition's
   * reachable set is shaded instead), "always" on the first of its fields
   */
  pawnCircle: "single" | "always";
  /** a spare tile is drawn beside the board: room is kept for it (svg.ts) */
  spare: boolean;
  /** the page's class of the pawn's fields (html.ts): "reachable" shading, or "pawn" */
  pawnClass: "reachable" | "pawn";
  /** the page also shades the pawn's fields "reachable" when it has more than one (html.ts) */
  shadeMany: boolean;
}

/** A solution as pictures, and the checker's verdict on it. */
export interface ShowPlay {
  /** the rule set's name, a label only: renderers read `drawing` */
  rules: string;
  drawing: Drawing;
  rows: number;
  cols: number;
  /** "tile": the goal tile; "exit": leave through `exitSide` of the goal field */
  goalKind: "tile" | "exit";
  exitSide?: Direction;
  steps: ShowStep[];
  valid: boolean;
  /** the checker's words: "valid ..." or the broken rule */
  verdict: string;
}
