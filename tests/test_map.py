"""Map facts (1.3)."""

import pytest

from core.map import MAP


def test_space_counts_1_3_1():
    # 1.3.1: 11 Cities, 16 Departments, 18 LoCs; Ecuador and Panamá are extra (1.3.5)
    assert len(MAP.cities) == 11
    assert len(MAP.departments) == 16
    assert len(MAP.locs) == 18
    assert {s.name for s in MAP.foreign} == {"Ecuador", "Panamá"}


def test_population_and_econ_totals_1_3_2_to_1_3_4():
    # 1.3.2-1.3.4: City Pop 25, Department Pop 15, Econ 30 (6.3.1: "30 minus ...")
    assert sum(s.pop for s in MAP.cities) == 25
    assert sum(s.pop for s in MAP.departments) == 15
    assert sum(s.econ for s in MAP.locs) == 30


def test_adjacency_is_symmetric_and_irreflexive_1_3_6():
    for s in MAP:
        assert s.id not in s.adjacent
        for t in s.adjacent:
            assert s.id in MAP[t].adjacent, (s.name, MAP[t].name)


def test_ayacucho_town_makes_8_spaces_mutually_adjacent_1_3_6():
    # 1.3.6 example: the 4 Departments and 4 LoCs around Ayacucho are all adjacent.
    group = [
        "Atlántico",
        "Cesar",
        "Antioquia",
        "Santander",
        "Ayacucho-Santa Marta LoC",
        "Ayacucho-Bucaramanga LoC",
        "Ayacucho-Sincelejo LoC",
        "Ayacucho-Cúcuta LoC",
    ]
    ids = [MAP.id_of(n) for n in group]
    for a in ids:
        for b in ids:
            if a != b:
                assert MAP.adjacent(a, b), (MAP[a].name, MAP[b].name)


def test_venezuela_borders_guainia_not_vaupes_1_3_5():
    assert MAP.space("Guainía").borders_venezuela
    assert not MAP.space("Vaupés").borders_venezuela


def test_terrain_1_3_2():
    assert MAP.space("Huila").terrain == "mountain"
    assert MAP.space("Arauca").terrain == "grassland"
    assert MAP.space("Guaviare").terrain == "forest"
    assert MAP.space("Panamá").terrain == "forest"  # 1.3.5 example: Forest Department


def test_name_lookup_ignores_case_and_accents():
    assert MAP.space("bogota").name == "Bogotá"
    assert MAP.space("Huila-Tolima").name == "Huila"
    assert MAP.space("cucuta").name == "Cúcuta"
    assert MAP.space(MAP.BOGOTA).name == "Bogotá"


def test_ambiguous_or_unknown_names_are_clear_errors():
    with pytest.raises(KeyError, match="ambiguous"):
        MAP.space("Meta")
    with pytest.raises(KeyError, match="no space"):
        MAP.space("Atlantis")


def test_graph_matches_adjacency():
    g = MAP.graph
    assert g.number_of_nodes() == len(MAP)
    assert sum(len(s.adjacent) for s in MAP) == 2 * g.number_of_edges()
