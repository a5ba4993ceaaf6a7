/**
 * The IPC 2023 labyrinth domain as PDDL text, generated here from its four directions
 * (`labgen --rules ipc2023 --domain`), so that a clone of this project can run
 * `labsolve plan` and `labcheck plan` without the IPC's files. Equivalent to the IPC
 * 2023 dataset's domain.pddl: the same 17 actions, parameters, preconditions and
 * effects (test/push/ipc2023/ipc.test.ts checks that labcheck plan gives the same verdicts with both).
 */
interface Dir {
  word: "west" | "east" | "north" | "south";
  letter: "w" | "e" | "n" | "s";
  /** the axis a push of this direction moves along */
  axis: "x" | "y";
  /** where a push starts ("min-pos" for west/north) and stops */
  start: "min-pos" | "max-pos";
  stop: "min-pos" | "max-pos";
  /** (next A B) of the start card's neighbour and of the move target, as the domain orders them */
  nextRel: (a: string, nxt: string) => string;
  prevRel: (a: string, prev: string) => string;
}

const DIRS: Dir[] = [
  { word: "west", letter: "w", axis: "x", start: "min-pos", stop: "max-pos", nextRel: (a, b) => `(next ${b} ${a})`, prevRel: (a, b) => `(next ${a} ${b})` },
  { word: "east", letter: "e", axis: "x", start: "max-pos", stop: "min-pos", nextRel: (a, b) => `(next ${a} ${b})`, prevRel: (a, b) => `(next ${b} ${a})` },
  { word: "north", letter: "n", axis: "y", start: "min-pos", stop: "max-pos", nextRel: (a, b) => `(next ${b} ${a})`, prevRel: (a, b) => `(next ${a} ${b})` },
  { word: "south", letter: "s", axis: "y", start: "max-pos", stop: "min-pos", nextRel: (a, b) => `(next ${a} ${b})`, prevRel: (a, b) => `(next ${b} ${a})` },
];

function moveRobot(d: Dir): string {
  const type = d.axis === "x" ? "directionH" : "directionV";
  const step = { west: "(next ?xfrom ?xto)", east: "(next ?xto ?xfrom)", north: "(next ?yfrom ?yto)", south: "(next ?yto ?yfrom)" }[d.word];
  const same = d.axis === "x" ? "(= ?yfrom ?yto)" : "(= ?xfrom ?xto)";
  return `(:action move-${d.word}
    :parameters (?cfrom - card ?xfrom - gridpos ?yfrom - gridpos ?dfrom - ${type} ?cto - card ?xto - gridpos ?yto - gridpos ?dto - ${type})
    :precondition (and (not (cards-moving)) (= ?dfrom ${d.letter}) (robot-at ?cfrom)
        (card-at ?cfrom ?xfrom ?yfrom) (card-at ?cto ?xto ?yto) ${step} ${same}
        (not (= ?dfrom ?dto)) (not (blocked ?cfrom ?dfrom)) (not (blocked ?cto ?dto)))
    :effect (and (not (robot-at ?cfrom)) (robot-at ?cto) (increase (total-cost) (move-robot-cost))))`;
}

function moveCards(d: Dir): string {
  const a = d.axis;
  const at = (v: string): string => (a === "x" ? `?${v} ?y` : `?x ?${v}`);
  const flag = `(cards-moving-${d.word})`;
  return `(:action start-move-card-${d.word}
    :parameters (?cm - card ?x - gridpos ?y - gridpos ?cnext - card ?next${a} - gridpos)
    :precondition (and (not (cards-moving)) (not ${flag}) (not (robot-at ?cm)) (card-at ?cm ?x ?y)
        (${d.start} ?${a}) (card-at ?cnext ${at(`next${a}`)}) ${d.nextRel(`?${a}`, `?next${a}`)})
    :effect (and (cards-moving) ${flag} (not (card-at ?cm ?x ?y)) (new-headtail-card ?cm)
        (next-moving-card ?cnext) (increase (total-cost) (move-card))))

(:action move-card-${d.word}
    :parameters (?cm - card ?x - gridpos ?y - gridpos ?cnext - card ?next${a} - gridpos ?prev${a} - gridpos)
    :precondition (and (cards-moving) ${flag} (not (robot-at ?cm)) (next-moving-card ?cm) (card-at ?cm ?x ?y)
        (card-at ?cnext ${at(`next${a}`)}) ${d.prevRel(`?${a}`, `?prev${a}`)} ${d.nextRel(`?${a}`, `?next${a}`)})
    :effect (and (cards-moving) ${flag} (not (card-at ?cm ?x ?y)) (card-at ?cm ${at(`prev${a}`)})
        (not (next-moving-card ?cm)) (next-moving-card ?cnext)))

(:action stop-move-card-${d.word}
    :parameters (?cm - card ?x - gridpos ?y - gridpos ?prev${a} - gridpos ?newtc - card)
    :precondition (and (cards-moving) ${flag} (not (robot-at ?cm)) (next-moving-card ?cm) (card-at ?cm ?x ?y)
        ${d.prevRel(`?${a}`, `?prev${a}`)} (${d.stop} ?${a}) (new-headtail-card ?newtc))
    :effect (and (not (cards-moving)) (not ${flag}) (not (card-at ?cm ?x ?y)) (card-at ?cm ${at(`prev${a}`)})
        (card-at ?newtc ?x ?y) (not (new-headtail-card ?newtc)) (not (next-moving-card ?cm))))`;
}

/** The domain's text. */
export function ipcDomainText(): string {
  return `;; The IPC 2023 classical planning domain "labyrinth" (optimal track), as this project
;; implements it (labgen --rules ipc2023 --domain). Rules: docs/ipc2023.md.
(define (domain labyrinth)
(:requirements :adl :action-costs)
(:types card direction gridpos - object directionV directionH - direction)
(:constants S N - directionV W E - directionH)
(:predicates (NEXT ?p1 - gridpos ?p2 - gridpos) (MAX-POS ?p - gridpos) (MIN-POS ?p - gridpos)
    (BLOCKED ?c - card ?d - direction) (robot-at ?c - card) (card-at ?c - card ?x - gridpos ?y - gridpos)
    (left) (cards-moving) (cards-moving-west) (cards-moving-east) (cards-moving-south) (cards-moving-north)
    (next-moving-card ?c - card) (new-headtail-card ?c - card))
(:functions (total-cost) - number (move-robot-cost) - number (move-card) - number)

${DIRS.map(moveRobot).join("\n\n")}

${DIRS.map(moveCards).join("\n\n")}

(:action leave
    :parameters (?c - card ?prow - gridpos ?pcolumn - gridpos)
    :precondition (and (not (cards-moving)) (robot-at ?c) (card-at ?c ?prow ?pcolumn)
        (max-pos ?prow) (max-pos ?pcolumn) (not (blocked ?c s)))
    :effect (and (left)))
)
`;
}
