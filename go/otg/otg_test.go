// gosnappi (the OTG project's Go client, unchanged from the Go module proxy) drives
// `riptide serve --otg` over gRPC, and over HTTPS as otgen does: a config of two
// in-memory link ports, a flow between them with patterns, every frame counted at both
// ends, the config read back, a refusal named by its path.
//
// RIPTIDE_BIN names the riptide binary (python/tests/test_gosnappi.py runs this).
package otgtest

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/open-traffic-generator/snappi/gosnappi"
)

// serve starts `riptide serve --otg` on free loopback ports: its HTTPS and gRPC addresses.
func serve(t *testing.T) (string, string) {
	bin := os.Getenv("RIPTIDE_BIN")
	if bin == "" {
		t.Fatal("RIPTIDE_BIN: the riptide binary to test")
	}
	cmd := exec.Command(bin, "serve", "--otg", "--no-auth", "--bind", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil {
		t.Fatalf("the server's first line: %v", err)
	}
	m := regexp.MustCompile(`on https://(127\.0\.0\.1:\d+) .*gRPC on (127\.0\.0\.1:\d+)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("no addresses in %q", line)
	}
	return m[1], m[2]
}

func config() gosnappi.Config {
	cfg := gosnappi.NewConfig()
	cfg.Ports().Add().SetName("a").SetLocation("link:0")
	cfg.Ports().Add().SetName("b").SetLocation("link:1")
	f := cfg.Flows().Add().SetName("f")
	f.TxRx().Port().SetTxName("a").SetRxNames([]string{"b"})
	f.Metrics().SetEnable(true)
	f.Duration().FixedPackets().SetPackets(1000)
	f.Rate().SetPps(20000)
	f.Size().SetFixed(128)
	eth := f.Packet().Add().Ethernet()
	eth.Src().SetValue("02:00:00:00:00:01")
	eth.Dst().SetValue("02:00:00:00:00:02")
	ip := f.Packet().Add().Ipv4()
	ip.Src().SetValue("198.18.0.1")
	ip.Dst().Increment().SetStart("198.19.0.1").SetStep("0.0.0.1").SetCount(10)
	udp := f.Packet().Add().Udp()
	udp.SrcPort().SetValues([]uint32{5000, 5001, 5002})
	udp.DstPort().Increment().SetStart(6000).SetStep(2).SetCount(5)
	return cfg
}

// run sets the config, starts its flows and waits (bounded) until the flow says stopped.
func run(t *testing.T, api gosnappi.Api) gosnappi.FlowMetric {
	if _, err := api.SetConfig(config()); err != nil {
		t.Fatalf("set_config: %v", err)
	}
	cs := gosnappi.NewControlState()
	cs.Traffic().FlowTransmit().SetState(gosnappi.StateTrafficFlowTransmitState.START)
	if _, err := api.SetControlState(cs); err != nil {
		t.Fatalf("start: %v", err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		req := gosnappi.NewMetricsRequest()
		req.Flow().SetFlowNames([]string{"f"})
		res, err := api.GetMetrics(req)
		if err != nil {
			t.Fatalf("metrics: %v", err)
		}
		m := res.FlowMetrics().Items()[0]
		if m.Transmit() == gosnappi.FlowMetricTransmit.STOPPED {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("the flow did not stop within 30 s: %v", m)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestGosnappiOverGrpcSendsAndCountsEveryFrame(t *testing.T) {
	_, grpc := serve(t)
	api := gosnappi.NewApi()
	api.NewGrpcTransport().SetLocation(grpc).SetRequestTimeout(10 * time.Second)
	m := run(t, api)
	if m.FramesTx() != 1000 || m.FramesRx() != 1000 || m.BytesTx() != 128000 {
		t.Fatalf("frames_tx %d frames_rx %d bytes_tx %d: 1000, 1000, 128000 expected", m.FramesTx(), m.FramesRx(), m.BytesTx())
	}
	req := gosnappi.NewMetricsRequest()
	req.Port().SetPortNames([]string{"b"})
	res, err := api.GetMetrics(req)
	if err != nil {
		t.Fatal(err)
	}
	if p := res.PortMetrics().Items()[0]; p.Name() != "b" || p.FramesRx() != 1000 {
		t.Fatalf("port b: %v", p)
	}
	got, err := api.GetConfig()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := config().Marshal().ToJson()
	have, _ := got.Marshal().ToJson()
	if want != have {
		t.Fatalf("the config read back differs:\n%s\n%s", have, want)
	}
	v, err := api.GetVersion()
	if err != nil || v.ApiSpecVersion() != "1.61.0" {
		t.Fatalf("version %v %v", v, err)
	}
	bad := config()
	bad.Ports().Items()[0].SetLocation("nowhere:x")
	_, err = api.SetConfig(bad)
	if err == nil || !strings.Contains(err.Error(), "ports[0].location") {
		t.Fatalf("a bad location: %v", err)
	}
}

func TestGosnappiOverHttpsAsOtgenDoes(t *testing.T) {
	https, _ := serve(t)
	api := gosnappi.NewApi()
	api.NewHttpTransport().SetLocation("https://" + https).SetVerify(false)
	m := run(t, api)
	if m.FramesTx() != 1000 || m.FramesRx() != 1000 {
		t.Fatalf("frames_tx %d frames_rx %d: 1000 each expected", m.FramesTx(), m.FramesRx())
	}
}
