"""Rule parameters as Z3 integers over their readings, fixed or left open by a profile; a
parameter with one allowed reading answers with constants, so the terms built on it fold."""

from __future__ import annotations

from collections.abc import Mapping

import z3

from trickrules.proofs.smt.readings import check_readings
from trickrules.proofs.smt.solver import Names
from trickrules.proofs.smt.terms import Bool, If, Int
from trickrules.spec.model import Parameter, Profile


class SymbolicProfile:
    """Each parameter of a profile as an integer ``0..len(readings)-1``; the profile fixes it
    to one reading, or restricts it to the readings it leaves open.

    ``allowed`` overrides the readings the profile allows (used to open a profile up, or to
    pin a parameter for one side of a dispute). Every parameter the encoding asks about is
    recorded in ``used``, so a caller can tell which rules a term was built from.
    """

    def __init__(self, profile: Profile, names: Names,
                 allowed: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.profile = profile
        self.parameters: dict[str, Parameter] = {
            pid: profile.parameters[pid] for pid in profile.values}
        self.vars = {pid: names.int(f"param:{pid}") for pid in self.parameters}
        self.allowed: dict[str, tuple[str, ...]] = dict(allowed or profile.values)
        check_readings(profile, self.allowed)  # a reading the model has no meaning for
        self.used: set[str] = set()
        self._constraints: list[z3.BoolRef] | None = None
        self._conditions: dict[tuple[str, str], Bool] = {}

    def rebind(self, parameter_id: str, readings: tuple[str, ...],
               names: Names) -> SymbolicProfile:
        """A twin sharing every variable but ``parameter_id``, which gets its own variable
        restricted to ``readings``: the same rules except for one parameter."""
        check_readings(self.profile, {parameter_id: readings})
        twin = SymbolicProfile.__new__(SymbolicProfile)
        twin.profile, twin.parameters = self.profile, self.parameters
        twin.vars = {**self.vars, parameter_id: names.int(f"param:{parameter_id}:twin")}
        twin.allowed = {**self.allowed, parameter_id: readings}
        twin.used = self.used
        twin._constraints = None
        twin._conditions = {}
        return twin

    def constraints(self) -> list[z3.BoolRef]:
        """The readings allowed for each parameter (built once: every point of a search asks
        for them again)."""
        if self._constraints is None:
            self._constraints = []
            for pid, choice in self.allowed.items():
                ids = self.parameters[pid].reading_ids
                self._constraints.append(
                    z3.Or([self.vars[pid] == ids.index(r) for r in choice]))
        return list(self._constraints)

    def is_(self, parameter_id: str, reading_id: str) -> Bool:
        """The condition that ``parameter_id`` takes the reading ``reading_id`` (a constant
        when only one reading is allowed; made once per reading: the encodings ask again and
        again)."""
        self.used.add(parameter_id)
        key = (parameter_id, reading_id)
        if key not in self._conditions:
            ids = self.parameters[parameter_id].reading_ids
            if reading_id not in ids:
                raise KeyError(f"{parameter_id} has no reading {reading_id!r}")
            choice = self.allowed[parameter_id]
            self._conditions[key] = (choice[0] == reading_id if len(choice) == 1
                                     else self.vars[parameter_id] == ids.index(reading_id))
        return self._conditions[key]

    def value(self, parameter_id: str) -> Int:
        """The numeric ``value`` of the chosen reading (readings without one count as 0; a
        constant when only one reading is allowed)."""
        parameter = self.parameters[parameter_id]
        self.used.add(parameter_id)
        choice = self.allowed[parameter_id]
        if len(choice) == 1:
            return parameter.reading(choice[0]).value or 0
        expr: Int = 0
        for index, reading in enumerate(parameter.readings):
            expr = If(self.vars[parameter_id] == index, reading.value or 0, expr)
        return expr

    def reading_of(self, model: z3.ModelRef, parameter_id: str) -> str:
        """The reading a model chose for ``parameter_id`` (the only one, when one is allowed)."""
        choice = self.allowed[parameter_id]
        if len(choice) == 1:
            return choice[0]
        index = int(model.eval(self.vars[parameter_id], model_completion=True).as_long())
        return self.parameters[parameter_id].reading_ids[index]
